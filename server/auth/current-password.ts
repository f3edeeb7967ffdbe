/**
 * Re-authentication before a sensitive change of one's own account (two-factor settings, one's own
 * password): the current password is required, and wrong guesses are limited per session
 * (MAX_WRONG_PER_SESSION in WINDOW_MINUTES, see signin-throttle.ts), so a stolen session cannot be
 * used to guess the password, while they count against no sign-in rule: the account's other
 * sessions, its sign-ins and the client's address are not refused or slowed by them.
 */
import type { Database } from '../db/database';
import type { PublicUser } from '../../src/contract';
import { InvalidInput, TooManyAttempts } from '../domain-errors';
import { findUserById, normalizeEmail } from './users';
import { verifyPassword } from './passwords';
import { beginPasswordRecheck, markSigninSucceeded, WINDOW_MINUTES } from './signin-throttle';

export const CURRENT_PASSWORD_WRONG = 'Your current password is not correct.';
export const CURRENT_PASSWORD_THROTTLED = 'Too many wrong passwords. Please wait 15 minutes and try again.';

export async function confirmCurrentPassword(
  db: Pick<Database, 'pool' | 'transaction'>,
  user: PublicUser,
  password: string,
  session: { tokenHash: Buffer; ip: string },
): Promise<void> {
  const attempt = await beginPasswordRecheck(db, normalizeEmail(user.email), session.ip, session.tokenHash);
  if (attempt.throttled) throw new TooManyAttempts(CURRENT_PASSWORD_THROTTLED, WINDOW_MINUTES * 60);
  const stored = await findUserById(db.pool, user._id);
  if (!stored || !(await verifyPassword(stored.passwordHash, password))) throw new InvalidInput(CURRENT_PASSWORD_WRONG);
  await markSigninSucceeded(db.pool, attempt.id);
}
