/**
 * A staff member changes their own password: the current one is required; the new one follows
 * the same rules as a reset. Every other session of the account ends (this one stays signed in),
 * and so does every outstanding reset link: a link mailed before the change must not undo it.
 */
import { z } from 'zod';
import type { Database } from '../db/database';
import { InvalidInput } from '../domain-errors';
import { hashPassword, passwordProblem } from '../auth/passwords';
import { findUserById, personalInputs } from '../auth/users';
import { confirmCurrentPassword, CURRENT_PASSWORD_WRONG } from '../auth/current-password';
import { revokeOtherSessions } from '../auth/sessions';
import { endResetLinks } from '../auth/password-reset';

export { CURRENT_PASSWORD_WRONG };
export const PASSWORD_MISMATCH = 'Password and Confirm Password are not same';
export const PASSWORD_CHANGED = 'Your password has been changed. Other sessions of your account were signed out.';

export const ownPasswordSchema = z.object(
  {
    current_password: z
      .string({ error: 'Please enter your current password.' })
      .min(1, { error: 'Please enter your current password.' })
      .max(1024),
    password: z.string({ error: 'Please enter a new password.' }).min(1, { error: 'Please enter a new password.' }),
    cPassword: z.string({ error: 'Please confirm the new password.' }),
  },
  { error: 'Please enter your current password.' },
);

export async function changeOwnPassword(
  db: Database,
  userId: string,
  sessionHash: Buffer,
  body: z.output<typeof ownPasswordSchema>,
  ip: string,
): Promise<void> {
  const user = await findUserById(db.pool, userId);
  if (!user) throw new InvalidInput(CURRENT_PASSWORD_WRONG);
  // Wrong guesses are limited per session, so a stolen session cannot be used to guess the password.
  await confirmCurrentPassword(db, user, body.current_password, { tokenHash: sessionHash, ip });
  if (body.password !== body.cPassword) throw new InvalidInput(PASSWORD_MISMATCH);
  const problem = passwordProblem(body.password, personalInputs(user));
  if (problem) throw new InvalidInput(problem);
  const passwordHash = await hashPassword(body.password);
  await db.transaction(async (client) => {
    await client.query('UPDATE users SET password_hash = $2, password_changed_at = now() WHERE id = $1', [userId, passwordHash]);
    await revokeOtherSessions(client, userId, sessionHash);
    await endResetLinks(client, userId);
  });
}
