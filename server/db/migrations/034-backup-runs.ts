/**
 * A record of every backup attempt (issue 32), so that every instance and the CRM dashboard know
 * when the last backup succeeded, and /metrics counts failures from the database rather than from
 * one process's memory. One row per attempt, written when it ends (server/backup/backup-runs.ts).
 * The dashboard's question, "the newest successful backup", reads the partial index.
 */
import type { Migration } from './migration';

export const backupRuns: Migration = {
  id: '034_backup_runs',
  sql: /* sql */ `
    CREATE TABLE backup_runs (
      id           bigserial PRIMARY KEY,
      reason       text NOT NULL CHECK (reason IN ('manual', 'scheduled', 'before-migrate')),
      started_at   timestamptz NOT NULL,
      finished_at  timestamptz NOT NULL,
      ok           boolean NOT NULL,
      file         text,
      bytes        bigint,
      error        text,
      CHECK (ok = (error IS NULL))
    );
    CREATE INDEX backup_runs_success_idx ON backup_runs (finished_at) WHERE ok;
  `,
};
