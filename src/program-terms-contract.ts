/**
 * What a contract is made from, on the wire (issue 34): a program's contract terms and published
 * fees (the course editor) and the college's enrolment settings (legal name, policies, the
 * partial-refund schedule). Shared by the server and the CRM.
 */
import type { Id } from './wire-basics';
import type { Residency } from './application-contract';
import type { CollegePolicy, ContractFee, Delivery } from './enrolment-contract';

/** The required policies a contract lists, with the titles named when one is missing. */
export const REQUIRED_POLICIES = [
  { key: 'students_rights', title: "Statement of Students' Rights and Responsibilities" },
  { key: 'refund_policy', title: 'Fee refund policy' },
  { key: 'complaint_procedure', title: 'Student complaint procedure' },
] as const;

/** One published fee of a program as staff edit it; a null amount blocks issuing a contract. */
export interface ProgramFee {
  _id: Id;
  label: string;
  amount_cents: number | null;
  kind: ContractFee['kind'];
  applies_to: 'all' | Residency;
}

/** What a contract states about a program, as stored (program_terms); a null is a missing element. */
export interface ProgramTermsFields {
  approved_name: string | null;
  language: string | null;
  hours: number | null;
  delivery: Delivery | null;
  locations: string | null;
  online_platform: string | null;
  online_details: string | null;
  practicum: string | null;
}

/** GET/PUT /api/crm/courses/:id/enrolment-terms: a program's contract terms and fees. */
export interface ProgramTerms extends ProgramTermsFields {
  course_id: Id;
  course_name: string;
  fees: ProgramFee[];
  /** 0 until first saved; a save sends the version it read (409 when someone saved since). */
  version: number;
  updated_by: { _id: Id; name: string } | null;
  updated_at: string | null;
}

/** PUT /api/crm/courses/:id/enrolment-terms: the fields, the version read, and the fees. */
export interface ProgramTermsSave extends ProgramTermsFields {
  version: number;
  /** The whole list: fees without _id are added, missing ones retired. */
  fees: (Omit<ProgramFee, '_id'> & { _id?: Id })[];
}

/** One step of the partial-refund schedule an admin copies from the regulation. */
export interface RefundScheduleStep {
  /** The step applies while the hours delivered are at most this share of the program's hours. */
  up_to_percent_of_hours: number;
  /** The share of the fees refunded at this step. */
  refund_percent: number;
}

/** GET/PUT /api/crm/enrolment/settings (admins). */
export interface EnrolmentSettings {
  legal_name: string;
  policies: CollegePolicy[];
  /** Null until an admin fills it from the regulation; `refund_schedule_source` names the section. */
  refund_schedule: RefundScheduleStep[] | null;
  refund_schedule_source: string | null;
  updated_by: { _id: Id; name: string } | null;
  updated_at: string | null;
}

export type EnrolmentSettingsSave = Pick<EnrolmentSettings, 'legal_name' | 'policies' | 'refund_schedule' | 'refund_schedule_source'>;
