/** Sign-in refuses an inactive account (status 2, seed lookups) even with the right password. */
import type { Queryable } from '../db/database';
import { Unauthorized } from '../domain-errors';

export const ACCOUNT_INACTIVE_MESSAGE = 'This account has been deactivated. Please ask an admin of the CRM.';

/** Throws Unauthorized when the account is inactive. Call it only after the password was verified. */
export async function refuseInactiveAccount(db: Queryable, userId: string): Promise<void> {
  const { rows } = await db.query<{ status: number }>('SELECT status FROM users WHERE id = $1', [userId]);
  if (rows[0]?.status !== 1) throw new Unauthorized(ACCOUNT_INACTIVE_MESSAGE);
}
