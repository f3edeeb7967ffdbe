/**
 * A staff member changes their own password: the current one is required; the new one follows
 * the same rules as a reset. Every other session of the account ends; this one stays signed in.
 */
import { z } from 'zod';
import type { Database } from '../db/database';
import { HttpError } from '../http/errors';
import { hashPassword, passwordProblem, verifyPassword } from '../auth/passwords';
import { findUserById, personalInputs } from '../auth/users';

export const CURRENT_PASSWORD_WRONG = 'Your current password is not correct.';
export const PASSWORD_MISMATCH = 'Password and Confirm Password are not same';
export const PASSWORD_CHANGED = 'Your password has been changed. Other sessions of your account were signed out.';

export const ownPasswordSchema = z.object(
  {
    current_password: z.string({ error: 'Please enter your current password.' }).min(1, { error: 'Please enter your current password.' }).max(1024),
    password: z.string({ error: 'Please enter a new password.' }).min(1, { error: 'Please enter a new password.' }),
    cPassword: z.string({ error: 'Please confirm the new password.' }),
  },
  { error: 'Please enter your current password.' },
);

export async function changeOwnPassword(
  db: Database, userId: string, sessionHash: Buffer, body: z.output<typeof ownPasswordSchema>,
): Promise<void> {
  const user = await findUserById(db.pool, userId);
  if (!user || !(await verifyPassword(user.passwordHash, body.current_password))) throw new HttpError(400, CURRENT_PASSWORD_WRONG);
  if (body.password !== body.cPassword) throw new HttpError(400, PASSWORD_MISMATCH);
  const problem = passwordProblem(body.password, personalInputs(user));
  if (problem) throw new HttpError(400, problem);
  const passwordHash = await hashPassword(body.password);
  await db.transaction(async (client) => {
    await client.query('UPDATE users SET password_hash = $2, password_changed_at = now() WHERE id = $1', [userId, passwordHash]);
    await client.query(
      'UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND token_hash <> $2 AND revoked_at IS NULL',
      [userId, sessionHash],
    );
  });
}
