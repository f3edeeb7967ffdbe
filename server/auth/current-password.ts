/**
 * Re-authentication before a sensitive change of one's own account (two-factor settings): the
 * current password is required, and wrong guesses count against the same sign-in throttle, so a
 * stolen session cannot be used to guess the password faster than the login screen allows.
 */
import { setTimeout as delay } from 'node:timers/promises';
import type pg from 'pg';
import type { PublicUser } from '../../src/contract';
import { InvalidInput, TooManyAttempts } from '../domain-errors';
import { findUserById, normalizeEmail } from './users';
import { verifyPassword } from './passwords';
import { beginSigninAttempt, markSigninSucceeded, THROTTLED_MESSAGE, WINDOW_MINUTES } from './signin-throttle';

export const CURRENT_PASSWORD_WRONG = 'Your current password is not correct.';

export async function confirmCurrentPassword(
  db: Pick<pg.Pool, 'query' | 'connect'>,
  user: PublicUser,
  password: string,
  ip: string,
): Promise<void> {
  const attempt = await beginSigninAttempt(db, normalizeEmail(user.email), ip);
  if (attempt.throttled) throw new TooManyAttempts(THROTTLED_MESSAGE, WINDOW_MINUTES * 60);
  await delay(attempt.delayMs);
  const stored = await findUserById(db, user._id);
  if (!stored || !(await verifyPassword(stored.passwordHash, password))) throw new InvalidInput(CURRENT_PASSWORD_WRONG);
  await markSigninSucceeded(db, attempt.id);
}
