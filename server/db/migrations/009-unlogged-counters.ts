/**
 * Rate-limit counters need no crash safety: a crash loses at most the current window's counts,
 * which only lets a few extra requests through once. As ordinary (logged) rows, every lead's
 * counter update waited for its own WAL flush while holding the one hot row of its address, which
 * capped leads on PostgreSQL near 1,000 a second; unlogged, the update commits without the flush.
 */
import type { Migration } from './migration';

export const unloggedCounters: Migration = {
  id: '009_unlogged_counters',
  sql: /* sql */ `
    ALTER TABLE rate_limit_hits SET UNLOGGED;
  `,
};
