/**
 * The step between a correct password and the second factor: an opaque, short-lived challenge
 * (stored as SHA-256, like every token) that names the account and the sign-in attempt it belongs
 * to. It allows MAX_CODE_TRIES codes; then the password must be given again (and is throttled).
 */
import type { Queryable } from '../db/database';
import { hashToken, newToken } from './tokens';

export const CHALLENGE_MINUTES = 5;
export const MAX_CODE_TRIES = 5;

export async function createChallenge(db: Queryable, userId: string, attemptId: string): Promise<string> {
  const token = newToken();
  await db.query(
    `INSERT INTO signin_challenges (token_hash, user_id, attempt_id, expires_at)
     VALUES ($1, $2, $3, now() + make_interval(mins => $4))`,
    [hashToken(token), userId, attemptId, CHALLENGE_MINUTES],
  );
  return token;
}

/** Counts one try against a live challenge; null when it is unknown, expired or used up. */
export async function useChallengeTry(db: Queryable, token: string): Promise<{ userId: string; attemptId: string } | null> {
  const { rows } = await db.query<{ user_id: string; attempt_id: string }>(
    `UPDATE signin_challenges SET tries = tries + 1
      WHERE token_hash = $1 AND expires_at > now() AND tries < $2
     RETURNING user_id, attempt_id`,
    [hashToken(token), MAX_CODE_TRIES],
  );
  const row = rows[0];
  return row ? { userId: row.user_id.trim(), attemptId: String(row.attempt_id) } : null;
}

export async function deleteChallenge(db: Queryable, token: string): Promise<void> {
  await db.query('DELETE FROM signin_challenges WHERE token_hash = $1', [hashToken(token)]);
}

/** Housekeeping: challenges are worthless once expired. */
export async function purgeExpiredChallenges(db: Queryable): Promise<number> {
  const result = await db.query('DELETE FROM signin_challenges WHERE expires_at < now()');
  return result.rowCount ?? 0;
}
