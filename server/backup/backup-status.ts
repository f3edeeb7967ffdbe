/**
 * Whether admins should be told about backups on the CRM dashboard: the newest successful backup
 * (any reason, any instance's: backup_runs) is more than two days old, or there never was one and
 * the database has held data for more than two days (a fresh install is not nagged on its first day).
 */
import type { Queryable } from '../db/database';
import type { BackupStatus } from '../../src/backup-contract';
import { readBackupHealth } from './backup-runs';

const DAY_MS = 86_400_000;
/** A daily backup that failed once is a day late; two days late means it keeps failing. */
export const BACKUP_STALE_AFTER_MS = 2 * DAY_MS;

export async function backupStatus(db: Queryable, now: Date): Promise<BackupStatus> {
  const { lastSuccessAt, databaseSince } = await readBackupHealth(db);
  const olderThanTwoDays = (at: Date) => now.getTime() - at.getTime() > BACKUP_STALE_AFTER_MS;
  if (!lastSuccessAt) return { last_success_at: null, days_old: null, stale: databaseSince !== null && olderThanTwoDays(databaseSince) };
  return {
    last_success_at: lastSuccessAt.toISOString(),
    days_old: Math.max(0, Math.floor((now.getTime() - lastSuccessAt.getTime()) / DAY_MS)),
    stale: olderThanTwoDays(lastSuccessAt),
  };
}
