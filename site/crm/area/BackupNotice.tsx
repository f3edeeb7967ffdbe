/**
 * The dashboard's backup notice, for admins only (issue 32): shown when the last successful backup
 * is over two days old, or none was ever made on a database over two days old, with what to do
 * (docs/operations.md, "Backups"). Nothing is shown while backups are current, nor if the check fails:
 * the dashboard is not the place to report its own errors, and /metrics and the admins' mail are.
 */
import type { BackupStatus } from '../../../src/backup-contract';
import { staffFetch } from '../shared/api';
import { useStaffQuery } from '../shared/useStaffQuery';
import { formatDateTime } from './labels';

const fetchBackupStatus = (signal: AbortSignal) => staffFetch<BackupStatus>('/crm/dashboard/backup', { signal });

const noticeHeadline = (status: BackupStatus): string =>
  status.days_old === null
    ? 'No backup has been made yet'
    : `The last backup is ${status.days_old} ${status.days_old === 1 ? 'day' : 'days'} old`;

export function BackupNotice() {
  const { data } = useStaffQuery(fetchBackupStatus, 'backup-status');
  if (!data?.stale) return null;
  return (
    <p className="crm-alert crm-alert--info">
      <strong>{noticeHeadline(data)}</strong>
      {data.last_success_at ? ` (it finished ${formatDateTime(data.last_success_at)})` : ''}. On the server, look in the log for “backup
      failed” and check that BACKUP_DIR exists, can be written and has room; then make a backup with <code>npm run backup</code>{' '}
      (docs/operations.md, “Backups”).
    </p>
  );
}
