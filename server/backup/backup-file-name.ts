/**
 * The one place that knows a backup's file name: `college-backup-20261128-023000Z-scheduled.tar`
 * sorts by time and says why it was taken; a second one in the same second gets `-2`, `-3`….
 * Retention reads names back through backupReasonOf, so a file not named like ours is never touched.
 */
import type { BackupReason } from './backup-types';

const BACKUP_FILE = /^college-backup-\d{8}-\d{6}Z-(manual|scheduled|before-migrate)(?:-\d+)?\.tar$/;

export function backupFileName(at: Date, reason: BackupReason, copy = 1): string {
  const stamp = at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace('T', '-')
    .replace(/\.\d+Z$/, 'Z');
  return `college-backup-${stamp}-${reason}${copy > 1 ? `-${copy}` : ''}.tar`;
}

/** Why the backup named `name` was taken; null for a name that is not one of ours. */
export function backupReasonOf(name: string): BackupReason | null {
  const reason = BACKUP_FILE.exec(name)?.[1];
  return reason === 'manual' || reason === 'scheduled' || reason === 'before-migrate' ? reason : null;
}
