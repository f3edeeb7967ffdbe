/**
 * What a contract is made from, on the wire (issue 34): a program's contract terms and published
 * fees (the course editor) and the college's enrolment settings (legal name, policies, the
 * partial-refund schedule). Shared by the server and the CRM.
 */
import type { Id } from './wire-basics';
import type { EnrolmentSettings, ProgramFee, ProgramTermsFields } from './program-terms-schemas';

// The answers are zod schemas (src/program-terms-schemas.ts, server-only values); their types come from there.
export type { EnrolmentSettings, ProgramFee, ProgramTerms, ProgramTermsFields, RefundScheduleStep } from './program-terms-schemas';

/** The required policies a contract lists, with the titles named when one is missing. */
export const REQUIRED_POLICIES = [
  { key: 'students_rights', title: "Statement of Students' Rights and Responsibilities" },
  { key: 'refund_policy', title: 'Fee refund policy' },
  { key: 'complaint_procedure', title: 'Student complaint procedure' },
] as const;

/** PUT /api/crm/courses/:id/enrolment-terms: the fields, the version read, and the fees. */
export interface ProgramTermsSave extends ProgramTermsFields {
  version: number;
  /** The whole list: fees without _id are added, missing ones retired. */
  fees: (Omit<ProgramFee, '_id'> & { _id?: Id })[];
}

export type EnrolmentSettingsSave = Pick<EnrolmentSettings, 'legal_name' | 'policies' | 'refund_schedule' | 'refund_schedule_source'>;
