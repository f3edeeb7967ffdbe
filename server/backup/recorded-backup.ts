/**
 * A backup asked for by a person (`npm run backup`, directly or through the running server), with
 * its outcome recorded in backup_runs like the scheduled ones, so the dashboard and /metrics count
 * it. The scheduled job records its own (backup-job.ts), and mails admins when it fails.
 */
import type { Database } from '../db/database';
import { recordBackupRun, type BackupRun } from './backup-runs';
import type { BackupResult } from './backup-types';
import { createBackup, type BackupFolders, type CreateBackupOptions } from './create-backup';

export async function recordedBackup(db: Database, folders: BackupFolders, options: CreateBackupOptions): Promise<BackupResult> {
  const startedAt = new Date();
  let result: BackupResult;
  try {
    result = await createBackup(db, folders, options);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await record(db, { reason: options.reason, startedAt, finishedAt: new Date(), ok: false, error: message });
    throw error;
  }
  await record(db, { reason: options.reason, startedAt, finishedAt: new Date(), ok: true, file: result.file, bytes: result.bytes });
  return result;
}

/**
 * The record is for the dashboard and /metrics; what the person asked for is the file (or the
 * failure's reason). A record that cannot be written — a database from before backup_runs
 * (migration 034), being backed up before its upgrade, or the database away — hides neither.
 */
async function record(db: Database, run: BackupRun): Promise<void> {
  await recordBackupRun(db.pool, run).catch(() => undefined);
}
