/**
 * Every guard of the API, in one module. They run as preValidation hooks, so a caller who may not
 * make a call learns that (401/403) before anything about its input (400). Each scope or route
 * says who may call it (`guardRoutes`, `guardedRoute`), which the API description reads.
 *
 * - staffGuard: `Authorization: Bearer <token>` must name a live session; `request.staff` then
 *   holds the signed-in user. When the college requires two-factor sign-in, an account that has
 *   not set it up is refused (403, `twoFactorSetupRequired`) everywhere but the few calls it needs.
 * - activeAccountGuard: a session of an inactive account is refused even if it was created in the
 *   instant between a sign-in's status check and a deactivation's commit.
 * - adminGuard, catalogueEditorGuard, leadExportGuard: the role or a permission an admin grants.
 */
import type { FastifyInstance, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import type { AppContext } from '../context';
import type { PublicUser } from '../../src/contract';
import type { Queryable } from '../db/database';
import { Forbidden, Unauthorized } from '../domain-errors';
import { roleOf } from '../staff/staff-store';
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

/** Who may call: anyone; a signed-in staff member; an admin; an admin or a catalogue editor. */
export type Access = 'public' | 'staff' | 'admin' | 'editor';

export type Guard = preValidationAsyncHookHandler;

export const SIGNED_OUT_MESSAGE = 'Your session has ended. Please sign in again.';
export const TWO_FACTOR_SETUP_MESSAGE = 'Two-factor sign-in is required for every staff account. Please set it up to continue.';
export const ADMIN_ONLY_MESSAGE = 'Only an admin can do this. Please ask an admin of the CRM.';
export const EDITOR_ONLY_MESSAGE =
  'Only an admin or a catalogue editor can edit the catalogue. Please ask an admin of the CRM for the editor permission.';
export const EVENT_EDITOR_ONLY_MESSAGE =
  'Only an admin or a catalogue editor can create or change events. Please ask an admin of the CRM for the editor permission.';
export const EXPORT_ONLY_MESSAGE =
  'Exporting leads needs the export permission. Please ask an admin of the CRM to grant it on the Staff page.';

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

export function staffGuard(ctx: AppContext, options: StaffGuardOptions = {}): Guard {
  return async (request, reply) => {
    // Staff answers are private: never stored by the browser or a proxy.
    reply.header('Cache-Control', 'no-store');
    const header = request.headers.authorization ?? '';
    const token = /^Bearer ([A-Za-z0-9_-]{20,200})$/.exec(header)?.[1];
    if (!token) throw new Unauthorized(SIGNED_OUT_MESSAGE);
    const user = await findSessionUser(ctx.db.pool, token);
    if (!user) throw new Unauthorized(SIGNED_OUT_MESSAGE);
    if (!options.allowWithoutTwoFactor && (await needsTwoFactorSetup(ctx.db.pool, user._id))) {
      throw new Forbidden(TWO_FACTOR_SETUP_MESSAGE, { twoFactorSetupRequired: true });
    }
    request.staff = { user, tokenHash: hashToken(token) };
  };
}

/** The signed-in staff member of a guarded request. */
export function staffOf(request: FastifyRequest): StaffIdentity {
  if (!request.staff) throw new Unauthorized(SIGNED_OUT_MESSAGE);
  return request.staff;
}

/** After staffGuard on CRM routes: the account must still be active. */
export function activeAccountGuard(ctx: AppContext): Guard {
  return async (request) => {
    const { rows } = await ctx.db.pool.query<{ status: number }>('SELECT status FROM users WHERE id = $1', [staffOf(request).user._id]);
    if (rows[0]?.status !== 1) throw new Unauthorized(SIGNED_OUT_MESSAGE);
  };
}

/** After staffGuard: counsellors get 403 for admin's work. */
export function adminGuard(ctx: AppContext): Guard {
  return async (request) => {
    const role = await roleOf(ctx.db.pool, staffOf(request).user._id);
    if (role !== 'admin') throw new Forbidden(ADMIN_ONLY_MESSAGE);
  };
}

/** A permission an admin grants on the Staff page; admins always hold every one. */
export type StaffPermission = 'catalogue_editor' | 'lead_exporter';

/**
 * After staffGuard and activeAccountGuard: the account must be an active admin or hold
 * `permission` (read from the database, so a revoked grant counts at once); else 403 `message`.
 */
function permissionGuard(ctx: AppContext, permission: StaffPermission, message: string): Guard {
  return async (request) => {
    const { rows } = await ctx.db.pool.query<{ allowed: boolean }>(
      `SELECT role = 'admin' OR ${permission} AS allowed FROM users WHERE id = $1 AND status = 1`,
      [staffOf(request).user._id],
    );
    if (!rows[0]?.allowed) throw new Forbidden(message);
  };
}

/** Who may edit the catalogue: an admin, or an account an admin has made a catalogue editor. */
export const catalogueEditorGuard = (ctx: AppContext): Guard => permissionGuard(ctx, 'catalogue_editor', EDITOR_ONLY_MESSAGE);

/** Who may create, change or cancel events: the catalogue's editors (issue 24), told so in events' words. */
export const eventEditorGuard = (ctx: AppContext): Guard => permissionGuard(ctx, 'catalogue_editor', EVENT_EDITOR_ONLY_MESSAGE);

/** Least privilege for personal data (issue 21): exporting leads needs the export permission. */
export const leadExportGuard = (ctx: AppContext): Guard => permissionGuard(ctx, 'lead_exporter', EXPORT_ONLY_MESSAGE);

/** Guards every route registered in `scope` from here on, in order, and marks them `access` (unless a route says more). */
export function guardRoutes(scope: FastifyInstance, access: Access, ...guards: Guard[]): void {
  scope.addHook('onRoute', (route) => {
    route.config = { ...route.config, access: route.config?.access ?? access };
  });
  for (const guard of guards) scope.addHook('preValidation', guard);
}

/** The options of one guarded route: its guards (after its scope's) and who may call it. */
export function guardedRoute(access: Access, ...guards: Guard[]) {
  return { preValidation: guards, config: { access } };
}
