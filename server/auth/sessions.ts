/**
 * Staff sessions: an opaque bearer token per sign-in, stored hashed, with an idle expiry (renewed
 * on use) and an absolute expiry. Revoked on sign-out and, for all of a user's sessions, on a
 * password reset.
 */
import type { Queryable } from '../db/database';
import type { PublicUser } from '../../src/contract';
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

/** The user of a live session, renewing its idle timer; null for unknown, expired or revoked. */
export async function findSessionUser(db: Queryable, token: string): Promise<PublicUser | null> {
  const { rows } = await db.query<{ id: string; name: string; email: string }>(
    `UPDATE sessions s SET last_seen_at = now()
       FROM users u
      WHERE s.token_hash = $1 AND u.id = s.user_id
        AND s.revoked_at IS NULL
        AND s.expires_at > now()
        AND s.last_seen_at > now() - make_interval(mins => $2)
     RETURNING u.id, u.name, u.email`,
    [hashToken(token), SESSION_IDLE_MINUTES],
  );
  const row = rows[0];
  return row ? { _id: row.id.trim(), name: row.name, email: row.email } : null;
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
