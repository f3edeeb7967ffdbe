/** Wire type of the CRM dashboard's backup notice (issue 32): GET /api/crm/dashboard/backup, admins only. */

export interface BackupStatus {
  /** When the newest successful backup finished (ISO time); null when none ever did. */
  last_success_at: string | null;
  /** Whole days since then; null when none ever did. */
  days_old: number | null;
  /** True when admins should act: the last backup is over two days old, or none was ever made on a database over two days old. */
  stale: boolean;
}
