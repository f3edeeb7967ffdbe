/** The contract's answer shapes (issue 34), for the API description and its answer checks. */
import { z } from 'zod';
import type { ApplicantEnrolment, ContractTerms, ContractView } from '../../src/enrolment-contract';
import { CONTRACT_STATUSES } from '../../src/enrolment-contract';
import { answerSchema, idSchema, instantSchema } from '../openapi/answer-schema';

const cents = z.number().int();

export const contractTermsSchema = answerSchema<ContractTerms>()(
  'ContractTerms',
  z.object({
    college: z.object({ legal_name: z.string(), operating_name: z.string(), address: z.string(), phone: z.string(), email: z.string() }),
    student: z.object({
      name: z.string(),
      address: z.string(),
      phone: z.string(),
      email: z.string(),
      residency: z.enum(['local', 'international']),
    }),
    program: z.object({
      approved_name: z.string(),
      language: z.string(),
      hours: z.number().int(),
      delivery: z.enum(['in_person', 'online', 'hybrid']),
      locations: z.string(),
      online_platform: z.string().nullable(),
      online_details: z.string().nullable(),
      practicum: z.string().nullable(),
      admission_requirements: z.array(z.string()),
    }),
    start_date: z.string(),
    expected_end_date: z.string(),
    fees: z.array(z.object({ label: z.string(), amount_cents: cents, kind: z.enum(['compulsory', 'optional']) })),
    total_cents: cents,
    service_fee_cap_cents: cents,
    service_fee_paid_cents: cents,
    policies: z.array(z.object({ key: z.string(), title: z.string(), url: z.string() })),
    version: z.number().int(),
    issued_at: instantSchema,
  }),
);

const signature = z.object({ name: z.string(), at: instantSchema }).nullable();
export const contractStatusSchema = z.enum(CONTRACT_STATUSES.map((s) => s.id) as [ContractView['status'], ...ContractView['status'][]]);

export const contractViewAnswer = answerSchema<ContractView>()(
  'ContractView',
  z.object({
    _id: idSchema,
    application_id: idSchema,
    version: z.number().int(),
    status: contractStatusSchema,
    terms: contractTermsSchema,
    acknowledgements: z.array(z.object({ key: z.string(), text: z.string() })),
    pdf_sha256: z.string(),
    final_sha256: z.string().nullable(),
    student_signature: signature,
    college_signature: signature,
    copy_delivered_at: instantSchema.nullable(),
    cooling_off_ends_at: instantSchema.nullable(),
    cancelled_at: instantSchema.nullable(),
    enrolled_at: instantSchema.nullable(),
  }),
);

export const applicantEnrolmentAnswer = answerSchema<ApplicantEnrolment>()(
  'ApplicantEnrolment',
  z.object({ contract: contractViewAnswer.nullable() }),
);
