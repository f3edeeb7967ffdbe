/** Sign-in refuses an inactive account (status 2, seed lookups) even with the right password. */
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { Queryable } from '../db/database';
import type { AppContext } from '../context';
import { SIGNED_OUT_MESSAGE, staffOf } from '../auth/guard';
import { HttpError } from '../http/errors';

export const ACCOUNT_INACTIVE_MESSAGE = 'This account has been deactivated. Please ask an admin of the CRM.';

/** Throws 401 when the account is inactive. Call it only after the password was verified. */
export async function refuseInactiveAccount(db: Queryable, userId: string): Promise<void> {
  const { rows } = await db.query<{ status: number }>('SELECT status FROM users WHERE id = $1', [userId]);
  if (rows[0]?.status !== 1) throw new HttpError(401, ACCOUNT_INACTIVE_MESSAGE);
}

/**
 * A preHandler after staffGuard on CRM routes: a session of an inactive account is refused even
 * if it was created in the instant between a sign-in's status check and a deactivation's commit.
 */
export function activeAccountGuard(ctx: AppContext): preHandlerAsyncHookHandler {
  return async (request) => {
    const { rows } = await ctx.db.pool.query<{ status: number }>('SELECT status FROM users WHERE id = $1', [staffOf(request).user._id]);
    if (rows[0]?.status !== 1) throw new HttpError(401, SIGNED_OUT_MESSAGE);
  };
}
