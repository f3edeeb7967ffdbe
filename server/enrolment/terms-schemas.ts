/**
 * The contract-terms and enrolment-settings editors' request shapes (issue 34), with the messages a
 * refused field shows; they build on the answers' pieces (src/program-terms-schemas.ts).
 */
import { z } from 'zod';
import { deliverySchema, feeKindSchema } from '../../src/enrolment-schemas';
import { appliesToSchema, refundScheduleStepSchema } from '../../src/program-terms-schemas';
import { idSchema } from '../openapi/answer-schema';

export const MAX_FEES = 40;
export const FEE_LABEL_MESSAGE = 'Please give each fee a name of at most 120 characters.';
export const FEE_AMOUNT_MESSAGE = 'Please enter an amount in dollars and cents, at least $0.00 and below $1,000,000.';
export const HOURS_MESSAGE = 'Please enter the hours of instruction as a whole number from 1 to 10,000.';
export const LEGAL_NAME_MESSAGE = "Please enter the college's legal name (at most 200 characters).";
export const POLICY_TITLE_MESSAGE = 'Please give the policy a title of at most 200 characters.';
export const POLICY_URL_MESSAGE =
  'Please enter where students read the policy: a path on this site such as /policies, or an https:// address.';
export const SCHEDULE_SOURCE_MESSAGE =
  'Please name the section of the regulation the schedule comes from, for example "O. Reg. 415/06, s. 27".';
export const SCHEDULE_ORDER_MESSAGE =
  'Please list the steps by share of hours, from the lowest to 100 %, each share higher than the one before.';

const delivery = z.enum(deliverySchema.options, { message: 'Please choose how the program is delivered.' });
const appliesTo = z.enum(appliesToSchema.options, { message: 'Please choose which students this fee applies to.' });
const kind = z.enum(feeKindSchema.options, { message: 'Please choose whether the fee is compulsory or optional.' });
/** Optional text: blank is stored as null (a missing element). */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Please keep this under ${max} characters.`)
    .nullable()
    .transform((value) => (value === null || value === '' ? null : value));

export const programTermsSaveSchema = z.object({
  version: z.number().int().min(0),
  approved_name: optionalText(200),
  language: optionalText(60),
  hours: z.number({ message: HOURS_MESSAGE }).int(HOURS_MESSAGE).min(1, HOURS_MESSAGE).max(10_000, HOURS_MESSAGE).nullable(),
  delivery: delivery.nullable(),
  locations: optionalText(1000),
  online_platform: optionalText(300),
  online_details: optionalText(2000),
  practicum: optionalText(1000),
  fees: z
    .array(
      z.object({
        _id: idSchema.optional(),
        label: z.string().trim().min(1, FEE_LABEL_MESSAGE).max(120, FEE_LABEL_MESSAGE),
        amount_cents: z
          .number({ message: FEE_AMOUNT_MESSAGE })
          .int(FEE_AMOUNT_MESSAGE)
          .min(0, FEE_AMOUNT_MESSAGE)
          .max(99_999_999, FEE_AMOUNT_MESSAGE)
          .nullable(),
        kind,
        applies_to: appliesTo,
      }),
    )
    .max(MAX_FEES, `A program lists at most ${MAX_FEES} fees.`),
});

export const programTermsSaveExample = {
  version: 1,
  approved_name: 'Network Administrator',
  language: 'English',
  hours: 960,
  delivery: 'in_person',
  locations: '2 Bloor Street West, Suite 700, Toronto, ON M4W 3E2',
  online_platform: null,
  online_details: null,
  practicum: '8-week industry placement',
  fees: [
    { label: 'Tuition', amount_cents: 1450000, kind: 'compulsory', applies_to: 'local' },
    { label: 'Exam vouchers', amount_cents: 60000, kind: 'optional', applies_to: 'all' },
  ],
};

const policy = z.object({
  key: z.string().regex(/^[a-z_]{1,40}$/, 'Please keep the policy key to lowercase letters and underscores.'),
  title: z.string().trim().min(1, POLICY_TITLE_MESSAGE).max(200, POLICY_TITLE_MESSAGE),
  url: z
    .string()
    .trim()
    .regex(/^(\/[^\s]*|https:\/\/[^\s]+)$/, POLICY_URL_MESSAGE)
    .max(500, POLICY_URL_MESSAGE),
});

export const enrolmentSettingsSaveSchema = z
  .object({
    legal_name: z.string().trim().min(1, LEGAL_NAME_MESSAGE).max(200, LEGAL_NAME_MESSAGE),
    policies: z.array(policy).max(20, 'At most 20 policies are listed.'),
    refund_schedule: z
      .array(refundScheduleStepSchema)
      .min(1, SCHEDULE_ORDER_MESSAGE)
      .max(20, 'A schedule has at most 20 steps.')
      .nullable(),
    refund_schedule_source: optionalText(200),
  })
  .superRefine((value, context) => {
    const schedule = value.refund_schedule;
    if (schedule && !value.refund_schedule_source)
      context.addIssue({ code: 'custom', path: ['refund_schedule_source'], message: SCHEDULE_SOURCE_MESSAGE });
    const shares = (schedule ?? []).map((s) => s.up_to_percent_of_hours);
    if (schedule && (shares.some((share, i) => i > 0 && share <= (shares[i - 1] ?? 0)) || shares.at(-1) !== 100))
      context.addIssue({ code: 'custom', path: ['refund_schedule'], message: SCHEDULE_ORDER_MESSAGE });
    const keys = value.policies.map((p) => p.key);
    if (new Set(keys).size !== keys.length)
      context.addIssue({ code: 'custom', path: ['policies'], message: 'Each policy is listed once.' });
  });

export const enrolmentSettingsSaveExample = {
  legal_name: 'Northbridge College of Technology Inc.',
  policies: [{ key: 'refund_policy', title: 'Fee refund policy', url: '/policies' }],
  refund_schedule: null,
  refund_schedule_source: null,
};
