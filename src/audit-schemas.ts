/**
 * The answer of the audit log (issue 21), written once as zod schemas: the wire types of
 * src/audit-contract.ts are inferred from them, and server/audit/answers.ts names them for the
 * routes and the API description. Browser code imports only the types.
 */
import { z } from 'zod';
import { AUDIT_ACTIONS, type AuditAction } from './audit-actions';
import { staffRefSchema } from './crm-schemas';

export const auditEntrySchema = z.object({
  _id: z.string(),
  at: z.string(),
  /** Who acted (for a failed sign-in: the account tried); null when no account matched. */
  actor: staffRefSchema.nullable(),
  action: z.enum(AUDIT_ACTIONS.map((a): AuditAction => a.id) as [AuditAction, ...AuditAction[]]),
  /** The client's address as the server saw it (TRUST_PROXY applies). */
  ip: z.string().nullable(),
  /** What exactly: ids, the filter and row count of an export, before and after of a change. Never a secret. */
  details: z.record(z.string(), z.unknown()),
});

/** GET /api/crm/audit */
export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});

export type AuditEntry = z.infer<typeof auditEntrySchema>;
export type AuditPage = z.infer<typeof auditPageSchema>;
