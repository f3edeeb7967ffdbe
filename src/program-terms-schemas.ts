/**
 * What a contract is made from, on the wire (issue 34), written once as zod schemas: a program's
 * contract terms and published fees (the course editor) and the college's enrolment settings (legal
 * name, policies, the partial-refund schedule). The wire types of src/program-terms-contract.ts are
 * inferred from them; server/enrolment/answers.ts names them as the API description's components,
 * and the editors' request schemas (server/enrolment/terms-schemas.ts) build on their pieces.
 */
import { z } from 'zod';
import type { AppliesTo } from './application-contract';
import { collegePolicySchema, deliverySchema, feeKindSchema } from './enrolment-schemas';
import { idSchema, instantSchema, staffRefInlineSchema } from './wire-schemas';

export const PERCENT_MESSAGE = 'Please enter a whole percentage from 0 to 100.';

/** Which students a published fee applies to. */
export const appliesToSchema = z.enum(['all', 'local', 'international']) satisfies z.ZodType<AppliesTo>;

/** One published fee of a program as staff edit it; a null amount blocks issuing a contract. */
export const programFeeSchema = z.object({
  _id: idSchema,
  label: z.string(),
  amount_cents: z.number().int().nullable(),
  kind: feeKindSchema,
  applies_to: appliesToSchema,
});

/** What a contract states about a program, as stored (program_terms); a null is a missing element. */
export const programTermsFieldsSchema = z.object({
  approved_name: z.string().nullable(),
  language: z.string().nullable(),
  hours: z.number().int().nullable(),
  delivery: deliverySchema.nullable(),
  locations: z.string().nullable(),
  online_platform: z.string().nullable(),
  online_details: z.string().nullable(),
  practicum: z.string().nullable(),
});

/** GET/PUT /api/crm/courses/:id/enrolment-terms: a program's contract terms and fees. */
export const programTermsSchema = z.object({
  course_id: idSchema,
  course_name: z.string(),
  ...programTermsFieldsSchema.shape,
  fees: z.array(programFeeSchema),
  /** 0 until first saved; a save sends the version it read (409 when someone saved since). */
  version: z.number().int(),
  updated_by: staffRefInlineSchema.nullable(),
  updated_at: instantSchema.nullable(),
});

const percent = z.number({ message: PERCENT_MESSAGE }).int(PERCENT_MESSAGE).min(0, PERCENT_MESSAGE).max(100, PERCENT_MESSAGE);

/** One step of the partial-refund schedule an admin copies from the regulation. */
export const refundScheduleStepSchema = z.object({
  /** The step applies while the hours delivered are at most this share of the program's hours. */
  up_to_percent_of_hours: percent,
  /** The share of the fees refunded at this step. */
  refund_percent: percent,
});

/** GET/PUT /api/crm/enrolment/settings (admins). */
export const enrolmentSettingsSchema = z.object({
  legal_name: z.string(),
  policies: z.array(collegePolicySchema),
  /** Null until an admin fills it from the regulation; `refund_schedule_source` names the section. */
  refund_schedule: z.array(refundScheduleStepSchema).nullable(),
  refund_schedule_source: z.string().nullable(),
  updated_by: staffRefInlineSchema.nullable(),
  updated_at: instantSchema.nullable(),
});

export type ProgramFee = z.infer<typeof programFeeSchema>;
export type ProgramTermsFields = z.infer<typeof programTermsFieldsSchema>;
export type ProgramTerms = z.infer<typeof programTermsSchema>;
export type RefundScheduleStep = z.infer<typeof refundScheduleStepSchema>;
export type EnrolmentSettings = z.infer<typeof enrolmentSettingsSchema>;
