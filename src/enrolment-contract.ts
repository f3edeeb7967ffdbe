/**
 * Enrolment's wire contract (issue 34): the contract under the Ontario Career Colleges Act, 2005
 * and O. Reg. 415/06, its signatures and two-day cooling-off, the student's ledger, receipts and
 * refunds. Shared by the server, the applicant portal (/apply) and the CRM. Money is always an
 * integer number of cents, Canadian dollars (O. Reg. 415/06 s. 33); instants are ISO strings.
 */
import type { Id } from './wire-basics';
import type { Residency } from './application-contract';

export type Delivery = 'in_person' | 'online' | 'hybrid';
export const DELIVERY_TITLES: Record<Delivery, string> = {
  in_person: 'In person',
  online: 'Online',
  hybrid: 'Hybrid (in person and online)',
};

/** One fee as the contract itemises it. */
export interface ContractFee {
  label: string;
  amount_cents: number;
  kind: 'compulsory' | 'optional';
}

/** A policy the student acknowledges receiving (the Statement of Students' Rights and Responsibilities…). */
export interface CollegePolicy {
  /** Stable key, e.g. "students_rights", "refund_policy", "complaint_procedure". */
  key: string;
  title: string;
  /** Where the student reads it (absolute URL). */
  url: string;
}

/** Everything a contract states, fixed when the version is issued (stored as contracts.terms). */
export interface ContractTerms {
  college: { legal_name: string; operating_name: string; address: string; phone: string; email: string };
  student: { name: string; address: string; phone: string; email: string; residency: Residency };
  program: {
    approved_name: string;
    language: string;
    hours: number;
    delivery: Delivery;
    /** Campus address(es). */
    locations: string;
    /** Online or hybrid delivery: the platform, and what the student must have and do online. */
    online_platform: string | null;
    online_details: string | null;
    /** The practicum (work placement), or null when the program has none. */
    practicum: string | null;
    /** Admission requirements, one per line. */
    admission_requirements: string[];
  };
  start_date: string;
  expected_end_date: string;
  fees: ContractFee[];
  total_cents: number;
  /** The service fee the college may collect before the contract: min(20 % of fees, $500) (O. Reg. 415/06). */
  service_fee_cap_cents: number;
  /** What was collected before this contract (never above the cap). */
  service_fee_paid_cents: number;
  policies: CollegePolicy[];
  /** The version and when it was issued (ISO). */
  version: number;
  issued_at: string;
}

/** The acknowledgements the student ticks before signing: one per policy, and the online one when delivery is not in person. */
export interface Acknowledgement {
  key: string;
  text: string;
}

export const CONTRACT_STATUSES = [
  { id: 'issued', title: 'Issued, waiting for the student' },
  { id: 'signed', title: 'Signed by the student, waiting for the college' },
  { id: 'countersigned', title: 'Signed by both, in the cooling-off period' },
  { id: 'enrolled', title: 'Enrolled' },
  { id: 'cancelled', title: 'Cancelled' },
  { id: 'superseded', title: 'Replaced by a newer version' },
] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number]['id'];

export interface ContractSignature {
  name: string;
  at: string;
}

/** A contract version as the applicant and staff see it. */
export interface ContractView {
  _id: Id;
  application_id: Id;
  version: number;
  status: ContractStatus;
  terms: ContractTerms;
  acknowledgements: Acknowledgement[];
  /** SHA-256 (hex) of the PDF the student reads and signs. */
  pdf_sha256: string;
  /** SHA-256 of the final PDF (with its signature page), once countersigned. */
  final_sha256: string | null;
  student_signature: ContractSignature | null;
  college_signature: ContractSignature | null;
  /** When the copy of the signed contract reached the student's mail server (the Act's "copy"). */
  copy_delivered_at: string | null;
  /** The end of the two-day cooling-off (the student may cancel until then, exclusive). */
  cooling_off_ends_at: string | null;
  cancelled_at: string | null;
  enrolled_at: string | null;
}

/** POST /api/applicant/contract/sign */
export interface ContractSignRequest {
  contract_id: Id;
  /** SHA-256 (hex) of the exact PDF the student was shown. */
  pdf_sha256: string;
  /** Full legal name, typed. */
  name: string;
  /** Every acknowledgement's key, ticked. */
  acknowledgements: string[];
}

export const PAYMENT_METHODS = [
  { id: 'e_transfer', title: 'Interac e-Transfer' },
  { id: 'card', title: 'Card terminal' },
  { id: 'cheque', title: 'Cheque' },
  { id: 'cash', title: 'Cash' },
  { id: 'third_party', title: 'Third-party funding' },
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]['id'];

export interface LedgerEntry {
  _id: Id;
  kind: 'payment' | 'refund';
  amount_cents: number;
  method: PaymentMethod;
  reference: string | null;
  /** Third-party funding: e.g. "Better Jobs Ontario", "OSAP". */
  funder: string | null;
  receipt_number: number;
  recorded_by: { _id: Id; name: string } | null;
  recorded_at: string;
}

/** POST /api/crm/applications/:id/payments (and refunds): `request_key` makes a repeat record once. */
export interface PaymentRequest {
  request_key: string;
  amount_cents: number;
  method: PaymentMethod;
  reference?: string;
  funder?: string;
}

export const REFUND_BASES = [
  { id: 'cooling_off', title: 'Cancelled within the two-day cooling-off', full: true },
  { id: 'withdrawal', title: 'Withdrawal', full: false },
  { id: 'expulsion', title: 'Expulsion', full: false },
  { id: 'not_commenced', title: 'Did not start the program', full: false },
  { id: 'discontinued', title: 'The college discontinued the program', full: true },
  { id: 'before_contract', title: 'Fees collected before the contract (beyond the service fee)', full: true },
  { id: 'before_approval', title: 'Fees collected before the program was approved', full: true },
  { id: 'unpublished_fee', title: 'A fee missing from, or higher than, the published list', full: true },
] as const;
export type RefundBasis = (typeof REFUND_BASES)[number]['id'];

export interface RefundObligation {
  _id: Id;
  application_id: Id;
  student: string;
  program: string | null;
  basis: RefundBasis;
  /** The rule it rests on, e.g. "O. Reg. 415/06, s. 25". */
  legal_basis: string;
  /** Null: staff complete it (partial refund, schedule not configured); `earned_fees_cents` helps. */
  amount_cents: number | null;
  earned_fees_cents: number | null;
  paid_cents: number;
  notice_received_at: string;
  due_at: string;
  status: 'open' | 'refunded';
  overdue: boolean;
}

/** The student's money: fees from the contract, what was paid and refunded, and what is owed either way. */
export interface Ledger {
  fees_cents: number;
  paid_cents: number;
  refunded_cents: number;
  /** fees − paid + refunded; negative when the college owes. */
  balance_cents: number;
  /** Before a signed contract: at most this much may be collected. Null once signed. */
  service_fee_cap_cents: number | null;
  entries: LedgerEntry[];
  refunds: RefundObligation[];
}

/** GET /api/crm/applications/:id/enrolment: the staff panel. */
export interface StaffEnrolment {
  contract: ContractView | null;
  versions: { _id: Id; version: number; status: ContractStatus; issued_at: string }[];
  /** What a new version would lack, named ("Language of instruction"); empty when it can be issued. */
  missing: string[];
  /** The staff member may countersign (admin, or granted "sign contracts"). */
  may_countersign: boolean;
  ledger: Ledger;
}

/** GET /api/applicant/contract: the student's side. */
export interface ApplicantEnrolment {
  contract: ContractView | null;
}

/** "$1,234.56" from cents. */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const dollars = Math.floor(abs / 100).toLocaleString('en-CA');
  return `${sign}$${dollars}.${String(abs % 100).padStart(2, '0')}`;
}

/** The service fee cap of O. Reg. 415/06: the lower of 20 % of the program's fees and $500. */
export function serviceFeeCapCents(totalFeesCents: number): number {
  return Math.min(Math.floor(totalFeesCents / 5), 50_000);
}

export const applicantEnrolmentPaths = {
  contract: '/api/applicant/contract',
  pdf: (contractId: Id) => `/api/applicant/contract/${contractId}/pdf`,
  sign: '/api/applicant/contract/sign',
  cancel: '/api/applicant/contract/cancel',
} as const;

export const crmEnrolmentPaths = {
  enrolment: (applicationId: Id) => `/api/crm/applications/${applicationId}/enrolment`,
  issue: (applicationId: Id) => `/api/crm/applications/${applicationId}/contract`,
  pdf: (contractId: Id) => `/api/crm/contracts/${contractId}/pdf`,
  countersign: (contractId: Id) => `/api/crm/contracts/${contractId}/countersign`,
  cancel: (contractId: Id) => `/api/crm/contracts/${contractId}/cancel`,
  payments: (applicationId: Id) => `/api/crm/applications/${applicationId}/payments`,
  receipt: (entryId: Id) => `/api/crm/ledger/${entryId}/receipt`,
  refundNotice: (applicationId: Id) => `/api/crm/applications/${applicationId}/refund-notice`,
  refunds: '/api/crm/refunds',
  recordRefund: (refundId: Id) => `/api/crm/refunds/${refundId}/record`,
  programTerms: (courseId: Id) => `/api/crm/courses/${courseId}/enrolment-terms`,
  settings: '/api/crm/enrolment/settings',
} as const;

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

export interface ProgramTermsSave {
  version: number;
  approved_name: string | null;
  language: string | null;
  hours: number | null;
  delivery: Delivery | null;
  locations: string | null;
  online_platform: string | null;
  online_details: string | null;
  practicum: string | null;
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
