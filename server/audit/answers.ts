/** The answer shapes of the audit log (admins only): a filtered page of entries. */
import { z } from 'zod';
import { AUDIT_ACTIONS, type AuditAction, type AuditEntry, type AuditPage } from '../../src/audit-contract';
import { answerSchema, instantSchema } from '../openapi/answer-schema';
import { staffRef } from '../openapi/answers-staff';

const auditEntryAnswer = answerSchema<AuditEntry>()(
  'AuditEntry',
  z.object({
    _id: z.string(),
    at: instantSchema,
    actor: staffRef.nullable(),
    action: z.enum(AUDIT_ACTIONS.map((a): AuditAction => a.id) as [AuditAction, ...AuditAction[]]),
    ip: z.string().nullable(),
    details: z.record(z.string(), z.unknown()),
  }),
);
export const auditPageAnswer = answerSchema<AuditPage>()(
  'AuditPage',
  z.object({
    entries: z.array(auditEntryAnswer),
    total: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
  }),
);
