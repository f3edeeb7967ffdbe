/**
 * Sign-in throttling, kept in the signin_attempts table so every instance sees the same counts.
 * The rules are aimed at the attacker, not at the office: the college's staff sit behind one NAT
 * address, so a rule per address alone let twenty wrong passwords (one forgetful colleague, or one
 * guesser on the office network) refuse every staff member for a quarter of an hour.
 *
 * - Per account and client address (the pair): after MAX_FAILURES_PER_PAIR failures of one e-mail
 *   from one address within WINDOW_MINUTES, that pair is refused (429) — only that pair: the same
 *   account from another address, and every other account from that address, still sign in. 10 is
 *   more than a person mistyping their own password makes (and they wait through the delay below
 *   from the 4th), while a guesser gets 10 tries per account per address per window. A success of
 *   the pair clears its failures; a success of the account from elsewhere does not (the owner
 *   signing in from home gives the guesser at the other address no fresh tries).
 * - Per client address: after MAX_FAILURES_PER_IP failures within WINDOW_MINUTES, whatever the
 *   accounts, the address is refused. This is only the backstop against one address spraying many
 *   accounts, so it sits far above what an office produces: 200 is 4 failures for each of 50 staff
 *   in one quarter of an hour (a morning after a password change), ten times the old limit of 20.
 *   A sprayer still gets at most 10 tries per account from it, each slowed by the account's delay.
 * - Per account: no lock-out (anyone could otherwise lock a colleague out with five wrong
 *   passwords). Instead each attempt on an account with recent failures is answered after a
 *   progressive delay — FREE_FAILURES go by, then 0.5 s, 1 s, 2 s … capped at MAX_DELAY_MS — so
 *   guessing from many addresses slows to a crawl while the owner, from any address, still gets in
 *   with the right password after at most MAX_DELAY_MS. A success clears the account's failures.
 * - Per session, for the current password asked again by signed-in endpoints (two-factor settings,
 *   one's own password): after MAX_WRONG_PER_SESSION wrong ones within WINDOW_MINUTES that session
 *   is refused. A stolen session cannot guess the password faster than 5 per quarter of an hour
 *   (at most 240 over a session's 12-hour life), and the owner, who knows it, rarely mistypes 5
 *   times running. These rows carry a session_key (a SHA-256 of the session's token hash, never the
 *   token) and count in no sign-in rule: they neither refuse the address or the pair nor slow the
 *   account's sign-ins, and sign-in failures do not refuse a session. Another session of the same
 *   account is not affected. A right password clears the session's failures.
 *
 * An attempt is written (as a failure) BEFORE the password is checked and counted together with
 * the others, so a burst of parallel guesses pays the growing delay and meets the limits too; it
 * is turned into a success afterwards, or deleted if it was refused (refused attempts cost no
 * password check and count in no rule).
 */
import crypto from 'node:crypto';
import type { Database, Queryable } from '../db/database';

export const WINDOW_MINUTES = 15;
/** Failures of one account from one address in WINDOW_MINUTES before that pair is refused. */
export const MAX_FAILURES_PER_PAIR = 10;
/** Failures from one address, whatever the accounts, in WINDOW_MINUTES before it is refused. */
export const MAX_FAILURES_PER_IP = 200;
/** Wrong current passwords on one session in WINDOW_MINUTES before that session is refused. */
export const MAX_WRONG_PER_SESSION = 5;
export const FREE_FAILURES_PER_ACCOUNT = 3;
export const BASE_DELAY_MS = 500;
export const MAX_DELAY_MS = 10_000;
/** Attempts older than this are no longer needed by any rule and are purged. */
export const KEEP_ATTEMPTS_HOURS = 24;
export const THROTTLED_MESSAGE = 'Too many sign-in attempts. Please wait 15 minutes and try again.';

export type SigninAttempt = { id: string; throttled: false; delayMs: number } | { id: null; throttled: true };
export type PasswordRecheck = { id: string; throttled: false } | { id: null; throttled: true };

/** The wait before answering an attempt on an account with this many earlier failures. */
export function accountDelayMs(earlierFailures: number): number {
  const over = earlierFailures - FREE_FAILURES_PER_ACCOUNT;
  return over <= 0 ? 0 : Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** (over - 1));
}

/** Advisory-lock classes of sign-in attempts (second key: the e-mail's hash) and of re-checks (the session key's). */
const ATTEMPT_LOCK_CLASS = 727_003;
const RECHECK_LOCK_CLASS = 727_031;

/** What signin_attempts stores for a session: a hash of its token's hash, so the row names no session. */
export function sessionKey(sessionTokenHash: Buffer): string {
  return crypto.createHash('sha256').update('signin-throttle session\0').update(sessionTokenHash).digest('base64url');
}

/**
 * Records a pending sign-in attempt; `throttled` when the address or the account-and-address pair
 * has used up its failures. Attempts on one account are recorded one at a time (a
 * transaction-scoped advisory lock per e-mail): on PostgreSQL a row another connection inserted is
 * invisible until it commits, so without the lock the last of a burst of parallel guesses could
 * miss earlier ones and wait less than it should, or slip past the pair's limit.
 */
export async function beginSigninAttempt(db: Pick<Database, 'transaction'>, email: string, ip: string): Promise<SigninAttempt> {
  return db.transaction(async (client) => {
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
  // Sign-in rows only (session_key IS NULL): re-checks of a current password have their own rule.
  const { rows } = await db.query<{ by_email: string; by_pair: string; by_ip: string }>(
    `SELECT
       (SELECT count(*) FROM signin_attempts a
         WHERE a.email = $1 AND a.session_key IS NULL AND NOT a.success AND a.id < $4
           AND a.created_at > now() - make_interval(mins => $3)
           AND a.created_at > COALESCE(
             (SELECT max(s.created_at) FROM signin_attempts s
               WHERE s.email = $1 AND s.session_key IS NULL AND s.success),
             '-infinity'::timestamptz)) AS by_email,
       (SELECT count(*) FROM signin_attempts a
         WHERE a.email = $1 AND a.ip = $2 AND a.session_key IS NULL AND NOT a.success
           AND a.created_at > now() - make_interval(mins => $3)
           AND a.created_at > COALESCE(
             (SELECT max(s.created_at) FROM signin_attempts s
               WHERE s.email = $1 AND s.ip = $2 AND s.session_key IS NULL AND s.success),
             '-infinity'::timestamptz)) AS by_pair,
       (SELECT count(*) FROM signin_attempts a
         WHERE a.ip = $2 AND a.session_key IS NULL AND NOT a.success
           AND a.created_at > now() - make_interval(mins => $3)) AS by_ip`,
    [email, ip, WINDOW_MINUTES, id],
  );
  const row = rows[0];
  // by_ip and by_pair include this attempt itself; by_email counts only the ones before it.
  if (row && (Number(row.by_ip) > MAX_FAILURES_PER_IP || Number(row.by_pair) > MAX_FAILURES_PER_PAIR)) {
    await db.query('DELETE FROM signin_attempts WHERE id = $1', [id]);
    return { id: null, throttled: true };
  }
  return { id, throttled: false, delayMs: accountDelayMs(Number(row?.by_email ?? 0)) };
}

/**
 * Records a pending re-check of a signed-in account's current password, counted per session;
 * `throttled` when the session has had MAX_WRONG_PER_SESSION wrong ones. One at a time per session,
 * for the same reason as sign-in attempts.
 */
export async function beginPasswordRecheck(
  db: Pick<Database, 'transaction'>,
  email: string,
  ip: string,
  sessionTokenHash: Buffer,
): Promise<PasswordRecheck> {
  const key = sessionKey(sessionTokenHash);
  return db.transaction(async (client) => {
    await client.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [RECHECK_LOCK_CLASS, key]);
    const { rows: inserted } = await client.query<{ id: string }>(
      'INSERT INTO signin_attempts (email, ip, success, session_key) VALUES ($1, $2, false, $3) RETURNING id',
      [email, ip, key],
    );
    const id = String(inserted[0]?.id);
    const { rows } = await client.query<{ wrong: string }>(
      `SELECT count(*) AS wrong FROM signin_attempts a
        WHERE a.session_key = $1 AND NOT a.success
          AND a.created_at > now() - make_interval(mins => $2)
          AND a.created_at > COALESCE(
            (SELECT max(s.created_at) FROM signin_attempts s WHERE s.session_key = $1 AND s.success),
            '-infinity'::timestamptz)`,
      [key, WINDOW_MINUTES],
    );
    // Includes this attempt itself.
    if (Number(rows[0]?.wrong ?? 0) > MAX_WRONG_PER_SESSION) {
      await client.query('DELETE FROM signin_attempts WHERE id = $1', [id]);
      return { id: null, throttled: true };
    }
    return { id, throttled: false };
  });
}

/** Marks a recorded attempt or re-check as a success (which clears its account's, pair's or session's failures). */
export async function markSigninSucceeded(db: Queryable, id: string): Promise<void> {
  await db.query('UPDATE signin_attempts SET success = true, created_at = now() WHERE id = $1', [id]);
}

/** Deletes attempts no rule looks at any more (the housekeeping job calls it). */
export async function purgeOldSigninAttempts(db: Queryable): Promise<number> {
  const result = await db.query('DELETE FROM signin_attempts WHERE created_at < now() - make_interval(hours => $1)', [KEEP_ATTEMPTS_HOURS]);
  return result.rowCount ?? 0;
}
