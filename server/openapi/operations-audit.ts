/** The audit log's API as documented (admins only): a filtered page and the same filters as CSV. */
import { z } from 'zod';
import { AUDIT_ACTIONS, type AuditAction, type AuditEntry, type AuditPage } from '../../src/audit-contract';
import { auditQuerySchema } from '../audit/audit-query';
import { answerSchema, instantSchema } from './answer-schema';
import { csvText, staffRef } from './answers-staff';
import { adminCall, fileAnswer, type ApiOperation } from './registry';

const auditEntryAnswer = answerSchema<AuditEntry>()('AuditEntry', z.object({
  _id: z.string(),
  at: instantSchema,
  actor: staffRef.nullable(),
  action: z.enum(AUDIT_ACTIONS.map((a): AuditAction => a.id) as [AuditAction, ...AuditAction[]]),
  ip: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
}));
const auditPageAnswer = answerSchema<AuditPage>()('AuditPage', z.object({
  entries: z.array(auditEntryAnswer), total: z.number().int(), page: z.number().int(), page_size: z.number().int(),
}));

export const auditOperations: ApiOperation[] = [
  adminCall('get', '/crm/audit', 'The audit log: sign-ins, permission changes, exports, catalogue and settings changes, newest first', {
    query: auditQuerySchema, ok: auditPageAnswer,
  }),
  adminCall('get', '/crm/audit.csv', 'The audit log with the same filters, as a CSV file (the export is itself recorded)', {
    query: auditQuerySchema, ok: fileAnswer(csvText, 'text/csv', 'A CSV file (Content-Disposition: attachment).'),
  }),
];
