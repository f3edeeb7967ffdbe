/**
 * Password hashing: argon2id at the OWASP-recommended minimum (m = 19 MiB, t = 2, p = 1).
 * Verification compares in constant time (inside argon2), and sign-in for an unknown address
 * still runs one verification so the answer's timing does not reveal who is registered.
 */
import crypto from 'node:crypto';
import { hash, verify, type Algorithm } from '@node-rs/argon2';
import { withHashingSlot } from './hashing-queue';
import { isGuessable, PASSWORD_TOO_COMMON } from './password-strength';

// The package declares Algorithm as an ambient const enum, which isolatedModules cannot read:
// 2 is its Argon2id member.
const ARGON2ID = 2 as Algorithm;

export const PASSWORD_HASH_OPTIONS = {
  algorithm: ARGON2ID,
  memoryCost: 19_456, // KiB = 19 MiB
  timeCost: 2,
  parallelism: 1,
} as const;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const PASSWORD_TOO_SHORT = `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`;
export const PASSWORD_TOO_LONG = `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`;

/** Hashes within the process-wide cap (server/auth/hashing-queue.ts); a full queue is a 503. */
export function hashPassword(password: string): Promise<string> {
  return withHashingSlot(() => hash(password, PASSWORD_HASH_OPTIONS));
}

let dummyHash: Promise<string> | null = null;

/** A hash of a random secret nobody knows, made once per process at the same parameters. */
function theDummyHash(): Promise<string> {
  dummyHash ??= hash(crypto.randomBytes(16).toString('hex'), PASSWORD_HASH_OPTIONS);
  return dummyHash;
}

/**
 * False for a wrong password or an unreadable stored hash; a full hashing queue is a 503.
 * An unreadable hash (an invited account's placeholder) fails inside argon2 at once, which would
 * tell a stopwatch that the address is a pending invitee: it then costs a real verification too.
 */
export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  return withHashingSlot(async () => {
    try {
      return await verify(storedHash, password);
    } catch {
      await verify(await theDummyHash(), password).catch(() => false);
      return false;
    }
  });
}

/** Spends the same work as a real verification, for an address that has no account. */
export async function verifyAgainstDummy(password: string): Promise<false> {
  await verifyPassword(await theDummyHash(), password);
  return false;
}

/**
 * The problem with a new password, or null when it is acceptable: 8 to 128 characters, and not
 * common or guessable from the account's own details (`userInputs`: e-mail, name).
 */
export function passwordProblem(password: string, userInputs: string[] = []): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return PASSWORD_TOO_SHORT;
  if (password.length > PASSWORD_MAX_LENGTH) return PASSWORD_TOO_LONG;
  if (isGuessable(password, userInputs)) return PASSWORD_TOO_COMMON;
  return null;
}

/** A strong password for generated accounts: 18 random bytes, base64url (24 characters, 144 bits). */
export function generatePassword(): string {
  return crypto.randomBytes(18).toString('base64url');
}
