/**
 * The scheduled backup (issue 32): a pg-boss cron job at BACKUP_TIME in Toronto (daily, 02:30 by
 * default; none with BACKUP_TIME=off). The schedule lives in the database, so one instance runs
 * each tick; a tick missed while every instance was down becomes one run at the next start. A run
 * writes a backup into BACKUP_DIR, records it in backup_runs and keeps the newest BACKUP_KEEP
 * scheduled files. A failed run is recorded (so /metrics and the CRM dashboard see it on every
 * instance), logged at error level and mailed to every active admin; it is not retried (each
 * attempt would mail again): the next day's run, or `npm run backup`, tries again.
 */
import type { Config } from '../config';
import type { Database } from '../db/database';
import type { JobQueue, QueueSpec } from '../jobs/job-queue';
import type { Mailer } from '../mail/mailer';
import { adminAddresses } from '../assignment';
import { createBackup } from './create-backup';
import { recordBackupRun } from './backup-runs';
import { pruneScheduledBackups } from './prune-backups';
import { backupFailedMail } from './backup-failure-mail';
import type { BackupResult } from './backup-types';

export const BACKUP_QUEUE: QueueSpec = {
  name: 'backup',
  policy: 'stately',
  // Only a failure to record the outcome (the database gone) throws; a failed backup does not.
  retryLimit: 2,
  retryDelaySeconds: 60,
  retryDelayMaxSeconds: 600,
  pollingIntervalSeconds: 30,
  // A large database with many stored files takes a while; pg-boss must not take it for lost.
  expireSeconds: 4 * 3600,
};

export const BACKUP_TIME_ZONE = 'America/Toronto';

export interface BackupJobDeps {
  jobs: JobQueue;
  db: Database;
  config: Config;
  mailer: Mailer;
  secretsKeyFingerprint: string | null;
  log: { info(line: string): void; warn(line: string): void; error(line: string): void };
}

/** "30 2 * * *" for 02:30: minute and hour, every day (read in BACKUP_TIME_ZONE). */
export function backupCron(time: { hour: number; minute: number }): string {
  return `${time.minute} ${time.hour} * * *`;
}

export type ScheduledBackupOutcome = { ok: true; result: BackupResult; pruned: string[] } | { ok: false; error: string };

/** One scheduled run: back up, record, prune; or record, log and mail the failure. */
export async function runScheduledBackup(deps: Omit<BackupJobDeps, 'jobs'>, now = () => new Date()): Promise<ScheduledBackupOutcome> {
  const { db, config, log } = deps;
  const startedAt = now();
  let result: BackupResult;
  try {
    result = await createBackup(db, config, {
      reason: 'scheduled',
      secretsKeyFingerprint: deps.secretsKeyFingerprint,
      now,
    });
  } catch (caught) {
    const error = caught instanceof Error ? caught.message : String(caught);
    const finishedAt = now();
    log.error(`scheduled backup failed: ${error}`);
    await db.transaction(async (client) => {
      await recordBackupRun(client, { reason: 'scheduled', startedAt, finishedAt, ok: false, error });
      const failure = { reason: 'scheduled' as const, at: finishedAt, error, backupDir: config.backupDir };
      for (const to of await adminAddresses(client)) await deps.mailer.enqueue(client, backupFailedMail(to, failure));
    });
    return { ok: false, error };
  }
  await recordBackupRun(db.pool, { reason: 'scheduled', startedAt, finishedAt: now(), ok: true, file: result.file, bytes: result.bytes });
  // Only after a backup succeeded, so a failing one never costs an older good file.
  // A failed prune is only a warning: the backup is written, and the next run prunes again.
  const pruned = await pruneScheduledBackups(config.backupDir, config.backupKeep).catch((caught: unknown) => {
    log.warn(`old scheduled backups not pruned: ${caught instanceof Error ? caught.message : String(caught)}`);
    return [];
  });
  log.info(
    `scheduled backup written: ${result.file} (${result.bytes} bytes in ${result.seconds.toFixed(1)} s); ${pruned.length} older removed`,
  );
  return { ok: true, result, pruned };
}

/** Runs backup jobs in this process and stores (or, with BACKUP_TIME=off, removes) the schedule. */
export async function workBackups(deps: BackupJobDeps): Promise<void> {
  const { jobs, config } = deps;
  await jobs.work(BACKUP_QUEUE, async () => {
    await runScheduledBackup(deps);
  });
  if (config.backupTime === null) await jobs.unschedule(BACKUP_QUEUE.name);
  else await jobs.schedule(BACKUP_QUEUE.name, backupCron(config.backupTime), { tz: BACKUP_TIME_ZONE, missed: 'once' });
}
