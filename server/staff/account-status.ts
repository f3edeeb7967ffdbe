/** Sign-in refuses an inactive account (status 2, seed lookups) even with the right password. */
import type { Queryable } from '../db/database';
import { Unauthorized } from '../domain-errors';

/** users.status of an active account (seed lookups: 1 Active, 2 Inactive). */
export const ACTIVE_STATUS = 1;

export const ACCOUNT_INACTIVE_MESSAGE = 'This account has been deactivated. Please ask an admin of the CRM.';

/** Throws Unauthorized when the account is inactive. Call it only after the password was verified. */
export async function refuseInactiveAccount(db: Queryable, userId: string): Promise<void> {
  const { rows } = await db.query<{ status: number }>('SELECT status FROM users WHERE id = $1', [userId]);
  if (rows[0]?.status !== ACTIVE_STATUS) throw new Unauthorized(ACCOUNT_INACTIVE_MESSAGE);
}
