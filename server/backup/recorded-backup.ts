/**
 * A backup asked for by a person (`npm run backup`, directly or through the running server), with
 * its outcome recorded in backup_runs like the scheduled ones, so the dashboard and /metrics count
 * it. The scheduled job records its own (backup-job.ts), and mails admins when it fails.
 */
import type { Database } from '../db/database';
import { recordBackupRun } from './backup-runs';
import type { BackupResult } from './backup-types';
import { createBackup, type BackupFolders, type CreateBackupOptions } from './create-backup';

export async function recordedBackup(db: Database, folders: BackupFolders, options: CreateBackupOptions): Promise<BackupResult> {
  const startedAt = new Date();
  try {
    const result = await createBackup(db, folders, options);
    await recordBackupRun(db.pool, {
      reason: options.reason,
      startedAt,
      finishedAt: new Date(),
      ok: true,
      file: result.file,
      bytes: result.bytes,
    });
    return result;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // The failure is what the caller must hear about; a record that cannot be written (the database away) must not hide it.
    await recordBackupRun(db.pool, { reason: options.reason, startedAt, finishedAt: new Date(), ok: false, error: message }).catch(
      () => undefined,
    );
    throw error;
  }
}
