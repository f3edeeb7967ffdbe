/**
 * Wire types of the audit log (issue 21): GET /api/crm/audit (admins only) answers a page of
 * entries, newest first; GET /api/crm/audit.csv the same filters as a file. Times are ISO strings.
 */
export { AUDIT_ACTIONS, type AuditAction } from './audit-actions';
// The answers are zod schemas (src/audit-schemas.ts, server-only values); their types come from there.
export type { AuditEntry, AuditPage } from './audit-schemas';
