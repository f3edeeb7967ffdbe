/**
 * Staff sessions: an opaque bearer token per sign-in, stored hashed, with an idle expiry (renewed
 * on use) and an absolute expiry. Revoked on sign-out and, for all of a user's sessions, on a
 * password reset.
 */
import type { Queryable } from '../db/database';
import type { PublicUser } from '../../src/contract';
import type { StaffRole } from '../../src/crm-contract';
import { hashToken, newToken } from './tokens';

export const SESSION_IDLE_MINUTES = 120;
export const SESSION_ABSOLUTE_HOURS = 12;

export async function createSession(db: Queryable, userId: string): Promise<string> {
  const token = newToken();
  await db.query(
    `INSERT INTO sessions (token_hash, user_id, expires_at)
     VALUES ($1, $2, now() + make_interval(hours => $3))`,
    [hashToken(token), userId, SESSION_ABSOLUTE_HOURS],
  );
  return token;
}

/** What every staff guard needs to know about a live session, read at once (server/auth/guards.ts). */
export interface StaffSession {
  user: PublicUser;
  active: boolean;
  role: StaffRole;
  catalogueEditor: boolean;
  leadExporter: boolean;
  /** The college requires two-factor sign-in and this account has not set it up. */
  needsTwoFactorSetup: boolean;
}

interface StaffSessionRow {
  id: string;
  name: string;
  email: string;
  status: number;
  role: StaffRole;
  catalogue_editor: boolean;
  lead_exporter: boolean;
  needs_two_factor_setup: boolean;
}

/**
 * The account of a live session with its status, role, grants and two-factor state, renewing the
 * session's idle timer: one query per guarded request. Null for unknown, expired or revoked.
 */
export async function findStaffSession(db: Queryable, token: string): Promise<StaffSession | null> {
  const { rows } = await db.query<StaffSessionRow>(
    `UPDATE sessions s SET last_seen_at = now()
       FROM users u LEFT JOIN security_settings settings ON true
      WHERE s.token_hash = $1 AND u.id = s.user_id
        AND s.revoked_at IS NULL
        AND s.expires_at > now()
        AND s.last_seen_at > now() - make_interval(mins => $2)
     RETURNING u.id, u.name, u.email, u.status, u.role, u.catalogue_editor, u.lead_exporter,
               COALESCE(settings.require_two_factor AND u.totp_secret IS NULL, false) AS needs_two_factor_setup`,
    [hashToken(token), SESSION_IDLE_MINUTES],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    user: { _id: row.id.trim(), name: row.name, email: row.email },
    active: row.status === 1,
    role: row.role,
    catalogueEditor: row.catalogue_editor,
    leadExporter: row.lead_exporter,
    needsTwoFactorSetup: row.needs_two_factor_setup,
  };
}

export async function revokeSession(db: Queryable, tokenHash: Buffer): Promise<void> {
  await db.query('UPDATE sessions SET revoked_at = now() WHERE token_hash = $1 AND revoked_at IS NULL', [tokenHash]);
}

export async function revokeAllSessions(db: Queryable, userId: string): Promise<void> {
  await db.query('UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL', [userId]);
}

/** Ends every session of the user but the one making the change (after a sign-in factor changed). */
export async function revokeOtherSessions(db: Queryable, userId: string, keepTokenHash: Buffer): Promise<void> {
  await db.query('UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND token_hash <> $2 AND revoked_at IS NULL', [
    userId,
    keepTokenHash,
  ]);
}
