/**
 * The answer of the CRM dashboard's backup notice (issue 32), written once as a zod schema: the
 * wire type of src/backup-contract.ts is inferred from it, and server/openapi/answers-backup.ts
 * names it for the route and the API description.
 */
import { z } from 'zod';

/** GET /api/crm/dashboard/backup, admins only. */
export const backupStatusSchema = z.object({
  /** When the newest successful backup finished (ISO time); null when none ever did. */
  last_success_at: z.string().nullable(),
  /** Whole days since then; null when none ever did. */
  days_old: z.number().int().nullable(),
  /** True when admins should act: the last backup is over two days old, or none was ever made on a database over two days old. */
  stale: z.boolean(),
});

export type BackupStatus = z.infer<typeof backupStatusSchema>;
