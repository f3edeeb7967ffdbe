/**
 * Enrolment's wire contract (issue 34): the contract under the Ontario Career Colleges Act, 2005
 * and O. Reg. 415/06, its signatures and two-day cooling-off, the student's ledger, receipts and
 * refunds. Shared by the server, the applicant portal (/apply) and the CRM; instants are ISO
 * strings. The money's shapes: ledger-contract.ts; what a contract is made from: program-terms-contract.ts.
 */
import type { Id } from './wire-basics';
import type { Delivery } from './enrolment-schemas';

export { CONTRACT_STATUSES, type ContractStatus } from './enrolment-kinds';
// The answers are zod schemas (src/enrolment-schemas.ts, server-only values); their types come from there.
export type {
  Acknowledgement,
  ApplicantEnrolment,
  CollegePolicy,
  ContractFee,
  ContractSignature,
  ContractTerms,
  ContractView,
  Delivery,
  StaffEnrolment,
} from './enrolment-schemas';

export const DELIVERY_TITLES: Record<Delivery, string> = {
  in_person: 'In person',
  online: 'Online',
  hybrid: 'Hybrid (in person and online)',
};

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
