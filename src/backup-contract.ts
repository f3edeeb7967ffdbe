/** Wire type of the CRM dashboard's backup notice (issue 32): GET /api/crm/dashboard/backup, admins only. */
// The answer is a zod schema (src/backup-schemas.ts, a server-only value); its type comes from there.
export type { BackupStatus } from './backup-schemas';
