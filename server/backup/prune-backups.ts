/**
 * Retention of scheduled backups: the newest `keep` files named as the scheduled job names them
 * stay in BACKUP_DIR, older ones are deleted. Manual and before-migrate backups, and any file not
 * named like ours, are never touched. Names sort by time (college-backup-YYYYMMDD-HHMMSSZ-…), so
 * the order needs no file dates. Idempotent: two instances pruning at once only skip what the
 * other already removed.
 */
import fs from 'node:fs/promises';
import path from 'node:path';

const SCHEDULED_BACKUP = /^college-backup-\d{8}-\d{6}Z-scheduled\.tar$/;

/** Deletes scheduled backups beyond the newest `keep`; resolves with the names it deleted. */
export async function pruneScheduledBackups(backupDir: string, keep: number): Promise<string[]> {
  const names = (await fs.readdir(backupDir, { withFileTypes: true }))
    .filter((entry) => entry.isFile() && SCHEDULED_BACKUP.test(entry.name))
    .map((entry) => entry.name)
    .sort()
    .reverse();
  const old = names.slice(Math.max(keep, 1));
  // `force`: a file another instance removed a moment ago is not an error.
  for (const name of old) await fs.rm(path.join(backupDir, name), { force: true });
  return old;
}
