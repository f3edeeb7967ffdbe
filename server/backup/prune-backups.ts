/**
 * Retention of scheduled backups: the newest `keep` files named as the scheduled job names them
 * stay in BACKUP_DIR, older ones are deleted. Manual and before-migrate backups, and any file not
 * named like ours (backup-file-name.ts), are never touched. Names sort by time, so
 * the order needs no file dates. Idempotent: two instances pruning at once only skip what the
 * other already removed.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { backupReasonOf } from './backup-file-name';

/** Deletes scheduled backups beyond the newest `keep`; resolves with the names it deleted. */
export async function pruneScheduledBackups(backupDir: string, keep: number): Promise<string[]> {
  const names = (await fs.readdir(backupDir, { withFileTypes: true }))
    .filter((entry) => entry.isFile() && backupReasonOf(entry.name) === 'scheduled')
    .map((entry) => entry.name)
    .sort()
    .reverse();
  const old = names.slice(Math.max(keep, 1));
  // `force`: a file another instance removed a moment ago is not an error.
  for (const name of old) await fs.rm(path.join(backupDir, name), { force: true });
  return old;
}
