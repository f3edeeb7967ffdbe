/**
 * Enrolment's wire contract (issue 34): the contract under the Ontario Career Colleges Act, 2005
 * and O. Reg. 415/06, its signatures and two-day cooling-off, the student's ledger, receipts and
 * refunds. Shared by the server, the applicant portal (/apply) and the CRM; instants are ISO
 * strings. The money's shapes: ledger-contract.ts; what a contract is made from: program-terms-contract.ts.
 */
import type { Id } from './wire-basics';
import type { Residency } from './application-contract';
import type { Ledger } from './ledger-contract';

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
