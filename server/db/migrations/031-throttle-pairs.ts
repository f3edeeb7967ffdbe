/**
 * The sign-in throttle aims at the attacker, not the office (issue 35): failures are limited per
 * account and client address, the address alone only at a much higher count, and wrong current
 * passwords on signed-in endpoints per session (server/auth/signin-throttle.ts).
 *
 * - `session_key`: set on re-checks of a current password, a SHA-256 of the session's token hash
 *   (never the token, nor the sessions row's key); null on sign-in attempts, which are the only
 *   rows the sign-in rules count. Rows written before this migration are sign-in attempts.
 * - The pair's count (and its last success) reads (email, ip, created_at); the session's reads
 *   (session_key, created_at). Both are partial, so each holds only the rows its rule counts. The
 *   account's and the address's counts keep the (email, created_at) and (ip, created_at) indexes.
 */
import type { Migration } from './migration';

export const throttlePairs: Migration = {
  id: '031_throttle_pairs',
  sql: /* sql */ `
    ALTER TABLE signin_attempts ADD COLUMN session_key text;
    CREATE INDEX signin_attempts_pair_idx ON signin_attempts (email, ip, created_at) WHERE session_key IS NULL;
    CREATE INDEX signin_attempts_session_idx ON signin_attempts (session_key, created_at) WHERE session_key IS NOT NULL;
  `,
};
