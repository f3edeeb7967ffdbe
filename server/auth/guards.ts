/**
 * Who may call each API route, and the one guard that enforces it. A route declares its access in
 * its options (`config: { access }`); server/http/access.ts runs `guardFor(access)` before the
 * route's input is validated, so a caller who may not make a call learns that (401/403) before
 * anything about its input (400). CORS and the API description read the same declaration.
 *
 * A staff guard reads the session, the account's status, role, grants and two-factor state in
 * one query (sessions.ts findStaffSession), then refuses in this order:
 * - 401 without a live session (`Authorization: Bearer <token>`);
 * - 403 `twoFactorSetupRequired` when the college requires two-factor sign-in and the account
 *   has not set it up (except `staff_before_two_factor`: the calls that set it up, or sign out);
 * - 401 when the account is no longer active (a session created in the instant between a
 *   sign-in's status check and a deactivation's commit);
 * - 403 when the role or a permission an admin grants is missing (read per request, so a revoked
 *   grant counts at once).
 */
import type { FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import type { AppContext } from '../context';
import type { PublicUser } from '../../src/contract';
import type { StaffRole } from '../../src/crm-contract';
import type { Queryable } from '../db/database';
import { Forbidden, Unauthorized } from '../domain-errors';
import { applicantGuard } from '../applications/applicant-session';
import { hashToken } from './tokens';
import { findStaffSession, type StaffSession } from './sessions';

export interface StaffIdentity {
  user: PublicUser;
  /** The role read with the session (what an admin sees more of needs no second query). */
  role: StaffRole;
  /** SHA-256 of the bearer token: the session's key, for sign-out. */
  tokenHash: Buffer;
}

declare module 'fastify' {
  interface FastifyRequest {
    staff?: StaffIdentity;
  }
}

/** Who may call a route. */
export type Access =
  /** Anyone, from any origin: what partner pages embed (the catalogue, search, leads, events). */
  | 'public'
  /** Anyone, from the site's own pages only (no CORS): sign-in, password reset, applicant sign-in. */
  | 'site'
  /** An applicant with a live applicant session (server/applications/applicant-session.ts). */
  | 'applicant'
  /** Signed-in staff, even before the two-factor setup the college requires (to set it up, or leave). */
  | 'staff_before_two_factor'
  | 'staff'
  | 'admin'
  /** An admin, or an account an admin has made a catalogue editor. */
  | 'catalogue_editor'
  /** The same grant as catalogue_editor, refused in events' words (issue 24). */
  | 'event_editor'
  /** An admin, or an account an admin has granted lead export (issue 21: least privilege). */
  | 'lead_exporter';

export const SIGNED_OUT_MESSAGE = 'Your session has ended. Please sign in again.';
export const TWO_FACTOR_SETUP_MESSAGE = 'Two-factor sign-in is required for every staff account. Please set it up to continue.';
export const ADMIN_ONLY_MESSAGE = 'Only an admin can do this. Please ask an admin of the CRM.';
export const EDITOR_ONLY_MESSAGE =
  'Only an admin or a catalogue editor can edit the catalogue. Please ask an admin of the CRM for the editor permission.';
export const EVENT_EDITOR_ONLY_MESSAGE =
  'Only an admin or a catalogue editor can create or change events. Please ask an admin of the CRM for the editor permission.';
export const EXPORT_ONLY_MESSAGE =
  'Exporting leads needs the export permission. Please ask an admin of the CRM to grant it on the Staff page.';

/** True when the college requires two-factor sign-in and this account has not set it up. */
export async function needsTwoFactorSetup(db: Queryable, userId: string): Promise<boolean> {
  const { rows } = await db.query<{ needs: boolean }>(
    `SELECT s.require_two_factor AND u.totp_secret IS NULL AS needs
       FROM users u CROSS JOIN security_settings s WHERE u.id = $1`,
    [userId],
  );
  return rows[0]?.needs ?? false;
}

type StaffAccess = Exclude<Access, 'public' | 'site' | 'applicant'>;

/** Beyond an active account: what each staff access needs (null: nothing more), and its refusal. */
const STAFF_RULES: Record<StaffAccess, { allowed: (session: StaffSession) => boolean; refusal: string } | null> = {
  staff_before_two_factor: null,
  staff: null,
  admin: { allowed: (s) => s.role === 'admin', refusal: ADMIN_ONLY_MESSAGE },
  catalogue_editor: { allowed: (s) => s.role === 'admin' || s.catalogueEditor, refusal: EDITOR_ONLY_MESSAGE },
  event_editor: { allowed: (s) => s.role === 'admin' || s.catalogueEditor, refusal: EVENT_EDITOR_ONLY_MESSAGE },
  lead_exporter: { allowed: (s) => s.role === 'admin' || s.leadExporter, refusal: EXPORT_ONLY_MESSAGE },
};

function staffGuard(ctx: AppContext, access: StaffAccess): preValidationAsyncHookHandler {
  const rule = STAFF_RULES[access];
  return async (request, reply) => {
    // Staff answers are private: never stored by the browser or a proxy.
    reply.header('Cache-Control', 'no-store');
    const token = /^Bearer ([A-Za-z0-9_-]{20,200})$/.exec(request.headers.authorization ?? '')?.[1];
    if (!token) throw new Unauthorized(SIGNED_OUT_MESSAGE);
    const session = await findStaffSession(ctx.db.pool, token);
    if (!session) throw new Unauthorized(SIGNED_OUT_MESSAGE);
    if (access !== 'staff_before_two_factor' && session.needsTwoFactorSetup) {
      throw new Forbidden(TWO_FACTOR_SETUP_MESSAGE, { twoFactorSetupRequired: true });
    }
    if (!session.active) throw new Unauthorized(SIGNED_OUT_MESSAGE);
    if (rule && !rule.allowed(session)) throw new Forbidden(rule.refusal);
    request.staff = { user: session.user, role: session.role, tokenHash: hashToken(token) };
  };
}

/** The guard of routes declaring `access`; null when anyone may call them. */
export function guardFor(ctx: AppContext, access: Access): preValidationAsyncHookHandler | null {
  if (access === 'public' || access === 'site') return null;
  if (access === 'applicant') return applicantGuard(ctx);
  return staffGuard(ctx, access);
}

/** The signed-in staff member of a guarded request. */
export function staffOf(request: FastifyRequest): StaffIdentity {
  if (!request.staff) throw new Unauthorized(SIGNED_OUT_MESSAGE);
  return request.staff;
}
