/**
 * The staff guard for /api/crm routes: `Authorization: Bearer <token>` must name a live session.
 * On success `request.staff` holds the signed-in user; otherwise the answer is 401 { message }.
 * When the college requires two-factor sign-in, an account that has not set it up is refused
 * (403, `twoFactorSetupRequired`) everywhere but the few calls it needs to set it up.
 */
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { AppContext } from '../context';
import type { PublicUser } from '../../src/contract';
import type { Queryable } from '../db/database';
import { HttpError } from '../http/errors';
import { hashToken } from './tokens';
import { findSessionUser } from './sessions';

export interface StaffIdentity {
  user: PublicUser;
  /** SHA-256 of the bearer token: the session's key, for sign-out. */
  tokenHash: Buffer;
}

declare module 'fastify' {
  interface FastifyRequest {
    staff?: StaffIdentity;
  }
}

export const SIGNED_OUT_MESSAGE = 'Your session has ended. Please sign in again.';
export const TWO_FACTOR_SETUP_MESSAGE = 'Two-factor sign-in is required for every staff account. Please set it up to continue.';

export interface StaffGuardOptions {
  /** Routes an account needs to set up two-factor sign-in (or to leave) pass without it. */
  allowWithoutTwoFactor?: boolean;
}

/** True when the college requires two-factor sign-in and this account has not set it up. */
export async function needsTwoFactorSetup(db: Queryable, userId: string): Promise<boolean> {
  const { rows } = await db.query<{ needs: boolean }>(
    `SELECT s.require_two_factor AND u.totp_secret IS NULL AS needs
       FROM users u CROSS JOIN security_settings s WHERE u.id = $1`,
    [userId],
  );
  return rows[0]?.needs ?? false;
}

export function staffGuard(ctx: AppContext, options: StaffGuardOptions = {}): preHandlerAsyncHookHandler {
  return async (request, reply) => {
    // Staff answers are private: never stored by the browser or a proxy.
    reply.header('Cache-Control', 'no-store');
    const header = request.headers.authorization ?? '';
    const token = /^Bearer ([A-Za-z0-9_-]{20,200})$/.exec(header)?.[1];
    if (!token) throw new HttpError(401, SIGNED_OUT_MESSAGE);
    const user = await findSessionUser(ctx.db.pool, token);
    if (!user) throw new HttpError(401, SIGNED_OUT_MESSAGE);
    if (!options.allowWithoutTwoFactor && (await needsTwoFactorSetup(ctx.db.pool, user._id))) {
      throw new HttpError(403, TWO_FACTOR_SETUP_MESSAGE, { twoFactorSetupRequired: true });
    }
    request.staff = { user, tokenHash: hashToken(token) };
  };
}

/** The signed-in staff member of a guarded request. */
export function staffOf(request: FastifyRequest): StaffIdentity {
  if (!request.staff) throw new HttpError(401, SIGNED_OUT_MESSAGE);
  return request.staff;
}

/** A permission an admin grants on the Staff page; admins always hold every one. */
export type StaffPermission = 'catalogue_editor' | 'lead_exporter';

/**
 * A preHandler after staffGuard and activeAccountGuard: the signed-in account must be an active
 * admin or hold `permission` (read from the database, so a revoked grant counts at once); anyone
 * else gets 403 with `message`.
 */
export function permissionGuard(ctx: AppContext, permission: StaffPermission, message: string): preHandlerAsyncHookHandler {
  return async (request) => {
    const { rows } = await ctx.db.pool.query<{ allowed: boolean }>(
      `SELECT role = 'admin' OR ${permission} AS allowed FROM users WHERE id = $1 AND status = 1`, [staffOf(request).user._id]);
    if (!rows[0]?.allowed) throw new HttpError(403, message);
  };
}
