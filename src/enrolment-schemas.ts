/**
 * Enrolment's answers (issue 34), written once as zod schemas: the contract under the Ontario Career
 * Colleges Act, 2005 and O. Reg. 415/06 (its terms, signatures and cooling-off) as the applicant and
 * staff see it. The wire types of src/enrolment-contract.ts are inferred from them, and
 * server/enrolment/answers.ts names them as the routes' answers and the API description's
 * components. Browser code imports only the types (through enrolment-contract.ts), so zod stays out
 * of its bundles. Instants are ISO strings; money is integer cents.
 */
import { z } from 'zod';
import type { Residency } from './application-contract';
import { CONTRACT_STATUSES, type ContractStatus } from './enrolment-kinds';
import { ledgerSchema } from './ledger-schemas';
import { idSchema, instantSchema } from './wire-schemas';

const cents = z.number().int();

export const deliverySchema = z.enum(['in_person', 'online', 'hybrid']);
export const feeKindSchema = z.enum(['compulsory', 'optional']);
/** The student's residency (src/application-contract.ts's Residency). */
const residencySchema = z.enum(['local', 'international']) satisfies z.ZodType<Residency>;
export const contractStatusSchema = z.enum(CONTRACT_STATUSES.map((s): ContractStatus => s.id));

/** One fee as the contract itemises it. */
export const contractFeeSchema = z.object({ label: z.string(), amount_cents: cents, kind: feeKindSchema });

/** A policy the student acknowledges receiving (the Statement of Students' Rights and Responsibilities…). */
export const collegePolicySchema = z.object({
  /** Stable key, e.g. "students_rights", "refund_policy", "complaint_procedure". */
  key: z.string(),
  title: z.string(),
  /** Where the student reads it (absolute URL). */
  url: z.string(),
});

/** Everything a contract states, fixed when the version is issued (stored as contracts.terms). */
export const contractTermsSchema = z.object({
  college: z.object({ legal_name: z.string(), operating_name: z.string(), address: z.string(), phone: z.string(), email: z.string() }),
  student: z.object({ name: z.string(), address: z.string(), phone: z.string(), email: z.string(), residency: residencySchema }),
  program: z.object({
    approved_name: z.string(),
    language: z.string(),
    hours: z.number().int(),
    delivery: deliverySchema,
    /** Campus address(es). */
    locations: z.string(),
    /** Online or hybrid delivery: the platform, and what the student must have and do online. */
    online_platform: z.string().nullable(),
    online_details: z.string().nullable(),
    /** The practicum (work placement), or null when the program has none. */
    practicum: z.string().nullable(),
    /** Admission requirements, one per line. */
    admission_requirements: z.array(z.string()),
  }),
  start_date: z.string(),
  expected_end_date: z.string(),
  fees: z.array(contractFeeSchema),
  total_cents: cents,
  /** The service fee the college may collect before the contract: min(20 % of fees, $500) (O. Reg. 415/06). */
  service_fee_cap_cents: cents,
  /** What was collected before this contract (never above the cap). */
  service_fee_paid_cents: cents,
  policies: z.array(collegePolicySchema),
  /** The version and when it was issued (ISO). */
  version: z.number().int(),
  issued_at: instantSchema,
});

/** The acknowledgements the student ticks before signing: one per policy, and the online one when delivery is not in person. */
export const acknowledgementSchema = z.object({ key: z.string(), text: z.string() });

export const contractSignatureSchema = z.object({ name: z.string(), at: instantSchema });

/** A contract version as the applicant and staff see it. */
export const contractViewSchema = z.object({
  _id: idSchema,
  application_id: idSchema,
  version: z.number().int(),
  status: contractStatusSchema,
  terms: contractTermsSchema,
  acknowledgements: z.array(acknowledgementSchema),
  /** SHA-256 (hex) of the PDF the student reads and signs. */
  pdf_sha256: z.string(),
  /** SHA-256 of the final PDF (with its signature page), once countersigned. */
  final_sha256: z.string().nullable(),
  student_signature: contractSignatureSchema.nullable(),
  college_signature: contractSignatureSchema.nullable(),
  /** When the copy of the signed contract reached the student's mail server (the Act's "copy"). */
  copy_delivered_at: instantSchema.nullable(),
  /** The end of the two-day cooling-off (the student may cancel until then, exclusive). */
  cooling_off_ends_at: instantSchema.nullable(),
  cancelled_at: instantSchema.nullable(),
  enrolled_at: instantSchema.nullable(),
});

/** GET /api/crm/applications/:id/enrolment: the staff panel. */
export const staffEnrolmentSchema = z.object({
  contract: contractViewSchema.nullable(),
  versions: z.array(z.object({ _id: idSchema, version: z.number().int(), status: contractStatusSchema, issued_at: instantSchema })),
  /** What a new version would lack, named ("Language of instruction"); empty when it can be issued. */
  missing: z.array(z.string()),
  /** The staff member may countersign (admin, or granted "sign contracts"). */
  may_countersign: z.boolean(),
  ledger: ledgerSchema,
});

/** GET /api/applicant/contract: the student's side. */
export const applicantEnrolmentSchema = z.object({ contract: contractViewSchema.nullable() });

export type Delivery = z.infer<typeof deliverySchema>;
export type ContractFee = z.infer<typeof contractFeeSchema>;
export type CollegePolicy = z.infer<typeof collegePolicySchema>;
export type ContractTerms = z.infer<typeof contractTermsSchema>;
export type Acknowledgement = z.infer<typeof acknowledgementSchema>;
export type ContractSignature = z.infer<typeof contractSignatureSchema>;
export type ContractView = z.infer<typeof contractViewSchema>;
export type StaffEnrolment = z.infer<typeof staffEnrolmentSchema>;
export type ApplicantEnrolment = z.infer<typeof applicantEnrolmentSchema>;
