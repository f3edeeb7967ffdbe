/**
 * Rate-limit counters shared by every instance on one PostgreSQL (the lead limit), and an index
 * for the scheduled purge of old sign-in attempts.
 */
import type { Migration } from './migration';

export const sharedThrottles: Migration = {
  id: '003_shared_throttles',
  sql: /* sql */ `
    CREATE TABLE rate_limit_hits (
      key            text PRIMARY KEY,
      hits           integer NOT NULL,
      window_ends_at timestamptz NOT NULL
    );
    CREATE INDEX rate_limit_hits_window_idx ON rate_limit_hits (window_ends_at);
    CREATE INDEX signin_attempts_created_idx ON signin_attempts (created_at);
  `,
};
