/** The answer shapes of the audit log (admins only): the schemas of src/audit-schemas.ts, named for the API description. */
import type { AuditEntry, AuditPage } from '../../src/audit-contract';
import { auditEntrySchema, auditPageSchema } from '../../src/audit-schemas';
import { answerSchema } from '../openapi/answer-schema';

answerSchema<AuditEntry>()('AuditEntry', auditEntrySchema);
export const auditPageAnswer = answerSchema<AuditPage>()('AuditPage', auditPageSchema);
