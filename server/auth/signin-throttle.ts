/**
 * Sign-in throttling per account and per client address, kept in the signin_attempts table so
 * that every server instance behind a load balancer sees the same counts.
 * An account locks after MAX_FAILURES_PER_EMAIL failures within the window (a success clears
 * them); an address after MAX_FAILURES_PER_IP.
 * An attempt is written (as a failure) BEFORE the password is checked and counted together with
 * the others, so a burst of parallel guesses cannot slip past the limit; it is turned into a
 * success afterwards, or deleted if it was refused, so a lock ends WINDOW_MINUTES after the last
 * real failure instead of sliding forever.
 */
import type { Queryable } from '../db/database';

export const WINDOW_MINUTES = 15;
export const MAX_FAILURES_PER_EMAIL = 5;
export const MAX_FAILURES_PER_IP = 20;
export const THROTTLED_MESSAGE = 'Too many sign-in attempts. Please wait 15 minutes and try again.';

export type SigninAttempt = { id: string; throttled: false } | { id: null; throttled: true };

/** Records a pending attempt; `throttled` when this e-mail or address has used up its failures. */
export async function beginSigninAttempt(db: Queryable, email: string, ip: string): Promise<SigninAttempt> {
  const { rows: inserted } = await db.query<{ id: string }>(
    'INSERT INTO signin_attempts (email, ip, success) VALUES ($1, $2, false) RETURNING id',
    [email, ip],
  );
  const id = String(inserted[0]?.id);
  const { rows } = await db.query<{ by_email: string; by_ip: string }>(
    `SELECT
       (SELECT count(*) FROM signin_attempts a
         WHERE a.email = $1 AND NOT a.success
           AND a.created_at > now() - make_interval(mins => $3)
           AND a.created_at > COALESCE(
             (SELECT max(s.created_at) FROM signin_attempts s WHERE s.email = $1 AND s.success),
             '-infinity'::timestamptz)) AS by_email,
       (SELECT count(*) FROM signin_attempts a
         WHERE a.ip = $2 AND NOT a.success
           AND a.created_at > now() - make_interval(mins => $3)) AS by_ip`,
    [email, ip, WINDOW_MINUTES],
  );
  const row = rows[0];
  // The counts include this attempt itself.
  const throttled = !!row && (Number(row.by_email) > MAX_FAILURES_PER_EMAIL || Number(row.by_ip) > MAX_FAILURES_PER_IP);
  if (!throttled) return { id, throttled: false };
  await db.query('DELETE FROM signin_attempts WHERE id = $1', [id]);
  return { id: null, throttled: true };
}

/** Marks a recorded attempt as a success (which clears the account's earlier failures). */
export async function markSigninSucceeded(db: Queryable, id: string): Promise<void> {
  await db.query('UPDATE signin_attempts SET success = true, created_at = now() WHERE id = $1', [id]);
  // Old rows only matter for a day; trim them now and then rather than in a separate job.
  if (Math.random() < 0.02) {
    await db.query("DELETE FROM signin_attempts WHERE created_at < now() - interval '1 day'");
  }
}
