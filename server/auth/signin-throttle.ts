/**
 * Sign-in throttling, kept in the signin_attempts table so every instance sees the same counts.
 *
 * - Per client address: after MAX_FAILURES_PER_IP failures within WINDOW_MINUTES the address is
 *   refused (429). This is the attacker's own cost.
 * - Per account: no lock-out (anyone could otherwise lock a colleague out with five wrong
 *   passwords). Instead each attempt on an account with recent failures is answered after a
 *   progressive delay — FREE_FAILURES go by, then 0.5 s, 1 s, 2 s … capped at MAX_DELAY_MS — so
 *   guessing slows to a crawl while the owner, from any address, still gets in with the right
 *   password after at most MAX_DELAY_MS. A success clears the account's failures.
 *
 * An attempt is written (as a failure) BEFORE the password is checked and counted together with
 * the others, so a burst of parallel guesses pays the growing delay too; it is turned into a
 * success afterwards, or deleted if the address was refused.
 */
import type pg from 'pg';
import { inTransaction, type Queryable } from '../db/database';

export const WINDOW_MINUTES = 15;
export const MAX_FAILURES_PER_IP = 20;
export const FREE_FAILURES_PER_ACCOUNT = 3;
export const BASE_DELAY_MS = 500;
export const MAX_DELAY_MS = 10_000;
/** Attempts older than this are no longer needed by any rule and are purged. */
export const KEEP_ATTEMPTS_HOURS = 24;
export const THROTTLED_MESSAGE = 'Too many sign-in attempts. Please wait 15 minutes and try again.';

export type SigninAttempt = { id: string; throttled: false; delayMs: number } | { id: null; throttled: true };

/** The wait before answering an attempt on an account with this many earlier failures. */
export function accountDelayMs(earlierFailures: number): number {
  const over = earlierFailures - FREE_FAILURES_PER_ACCOUNT;
  return over <= 0 ? 0 : Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** (over - 1));
}

/** Advisory-lock class of sign-in attempts (its second key is the e-mail's hash). */
const ATTEMPT_LOCK_CLASS = 727_003;

/**
 * Records a pending attempt; `throttled` when the address has used up its failures. Attempts on one
 * account are recorded one at a time (a transaction-scoped advisory lock per e-mail): on PostgreSQL a
 * row another connection inserted is invisible until it commits, so without the lock the last of a
 * burst of parallel guesses could miss earlier ones and wait less than it should.
 */
export async function beginSigninAttempt(db: Pick<pg.Pool, 'connect'>, email: string, ip: string): Promise<SigninAttempt> {
  return inTransaction(db, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [ATTEMPT_LOCK_CLASS, email]);
    return recordAttempt(client, email, ip);
  });
}

async function recordAttempt(db: Queryable, email: string, ip: string): Promise<SigninAttempt> {
  const { rows: inserted } = await db.query<{ id: string }>(
    'INSERT INTO signin_attempts (email, ip, success) VALUES ($1, $2, false) RETURNING id',
    [email, ip],
  );
  const id = String(inserted[0]?.id);
  const { rows } = await db.query<{ by_email: string; by_ip: string }>(
    `SELECT
       (SELECT count(*) FROM signin_attempts a
         WHERE a.email = $1 AND NOT a.success AND a.id < $4
           AND a.created_at > now() - make_interval(mins => $3)
           AND a.created_at > COALESCE(
             (SELECT max(s.created_at) FROM signin_attempts s WHERE s.email = $1 AND s.success),
             '-infinity'::timestamptz)) AS by_email,
       (SELECT count(*) FROM signin_attempts a
         WHERE a.ip = $2 AND NOT a.success
           AND a.created_at > now() - make_interval(mins => $3)) AS by_ip`,
    [email, ip, WINDOW_MINUTES, id],
  );
  const row = rows[0];
  // by_ip includes this attempt itself; by_email counts only the ones before it.
  if (row && Number(row.by_ip) > MAX_FAILURES_PER_IP) {
    await db.query('DELETE FROM signin_attempts WHERE id = $1', [id]);
    return { id: null, throttled: true };
  }
  return { id, throttled: false, delayMs: accountDelayMs(Number(row?.by_email ?? 0)) };
}

/** Marks a recorded attempt as a success (which clears the account's earlier failures). */
export async function markSigninSucceeded(db: Queryable, id: string): Promise<void> {
  await db.query('UPDATE signin_attempts SET success = true, created_at = now() WHERE id = $1', [id]);
}

/** Deletes attempts no rule looks at any more (the housekeeping job calls it). */
export async function purgeOldSigninAttempts(db: Queryable): Promise<number> {
  const result = await db.query('DELETE FROM signin_attempts WHERE created_at < now() - make_interval(hours => $1)', [KEEP_ATTEMPTS_HOURS]);
  return result.rowCount ?? 0;
}
