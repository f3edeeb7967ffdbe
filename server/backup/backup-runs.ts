/**
 * The record of backup attempts (table backup_runs, migration 034): written once when an attempt
 * ends, by the scheduled job and by `npm run backup` and the backup before migrations, and read by
 * /metrics and the CRM dashboard, so every instance tells the same story.
 */
import type { Queryable } from '../db/database';
import type { BackupReason } from './backup-types';

export type BackupRun =
  | { reason: BackupReason; startedAt: Date; finishedAt: Date; ok: true; file: string; bytes: number }
  | { reason: BackupReason; startedAt: Date; finishedAt: Date; ok: false; error: string };

/** Records one attempt; `file` is stored as given (the lead's commands pass the full path). */
export async function recordBackupRun(db: Queryable, run: BackupRun): Promise<void> {
  await db.query(
    `INSERT INTO backup_runs (reason, started_at, finished_at, ok, file, bytes, error) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    run.ok
      ? [run.reason, run.startedAt, run.finishedAt, true, run.file, run.bytes, null]
      : [run.reason, run.startedAt, run.finishedAt, false, null, null, run.error],
  );
}

export interface BackupHealth {
  /** When the newest successful backup ended; null when none ever did. */
  lastSuccessAt: Date | null;
  /** Failed attempts by reason, every instance's, since the record began (or the last restore). */
  failures: Record<BackupReason, number>;
  /** When the first migration ran: how long the database has held data worth a backup. */
  databaseSince: Date | null;
}

export async function readBackupHealth(db: Queryable): Promise<BackupHealth> {
  const { rows } = await db.query<{
    last_success: Date | null;
    manual: number;
    scheduled: number;
    before_migrate: number;
    since: Date | null;
  }>(
    `SELECT (SELECT max(finished_at) FROM backup_runs WHERE ok) AS last_success,
            count(*) FILTER (WHERE reason = 'manual')::int AS manual,
            count(*) FILTER (WHERE reason = 'scheduled')::int AS scheduled,
            count(*) FILTER (WHERE reason = 'before-migrate')::int AS before_migrate,
            (SELECT min(applied_at) FROM schema_migrations) AS since
       FROM backup_runs WHERE NOT ok`,
  );
  const row = rows[0];
  return {
    lastSuccessAt: row?.last_success ?? null,
    failures: { manual: row?.manual ?? 0, scheduled: row?.scheduled ?? 0, 'before-migrate': row?.before_migrate ?? 0 },
    databaseSince: row?.since ?? null,
  };
}
