/**
 * Refuses common and easily guessed passwords (ASVS 6.2): zxcvbn's estimate with its common
 * dictionary (the most used passwords, names and words, keyboard patterns), plus the user's own
 * details. A score below MIN_SCORE ("very guessable" to "somewhat guessable") is refused. The
 * dictionary is built on first use, not at start.
 */
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';

/** zxcvbn score 3: "safely unguessable: moderate protection from offline slow-hash scenario". */
export const MIN_SCORE = 3;
/** Beyond this, length alone makes a password strong; checking more only costs time. */
const CHECKED_LENGTH = 100;

export const PASSWORD_TOO_COMMON =
  'This password is too common or too easy to guess. Choose a longer one, for example a few unrelated words.';

let checker: ZxcvbnFactory | null = null;

/** True when the password is too easy to guess (common, a pattern, or built from `userInputs`). */
export function isGuessable(password: string, userInputs: string[] = []): boolean {
  checker ??= new ZxcvbnFactory({ dictionary: { ...dictionary }, graphs: adjacencyGraphs });
  const inputs = userInputs.flatMap((input) => [input, ...input.toLowerCase().split(/[^a-z0-9]+/)]).filter(Boolean);
  return checker.check(password.slice(0, CHECKED_LENGTH), inputs).score < MIN_SCORE;
}
