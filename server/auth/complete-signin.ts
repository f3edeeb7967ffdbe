/**
 * The end of a successful sign-in, after the password alone or after the password and a second
 * factor: the attempts are marked as successes (which clears the account's failures), a session
 * starts, and the answer says whether the college still wants two-factor set up.
 */
import type { Queryable } from '../db/database';
import type { PublicUser, SignInAnswer } from '../../src/contract';
import { markSigninSucceeded } from './signin-throttle';
import { createSession } from './sessions';
import { needsTwoFactorSetup } from './guards';

export const SIGNIN_OK = 'Login successful';

export async function completeSignIn(db: Queryable, user: PublicUser, attemptIds: string[]): Promise<SignInAnswer> {
  for (const id of attemptIds) await markSigninSucceeded(db, id);
  const token = await createSession(db, user._id);
  const answer: SignInAnswer = { message: SIGNIN_OK, token, user };
  if (await needsTwoFactorSetup(db, user._id)) answer.twoFactorSetupRequired = true;
  return answer;
}
