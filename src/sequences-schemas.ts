/**
 * The answers of the sequences API (issue 23), written once as zod schemas: the wire types of
 * src/sequences-contract.ts are inferred from them, and server/sequences/answers.ts names them as
 * the routes' response schemas and the API description's components. Browser code imports only the
 * types (through sequences-contract.ts), so zod stays out of the site's and widget's bundles.
 */
import { z } from 'zod';
import { idSchema as recordId, instantSchema as instant, lookupId } from './wire-schemas';
import { ACTIVITY_TYPES, COURSE_TYPES, LEAD_STAGES } from './lookups';

export const sequenceStepSchema = z.discriminatedUnion('kind', [
  z.object({ id: z.string().optional(), kind: z.literal('email'), template_id: z.string() }),
  z.object({ id: z.string().optional(), kind: z.literal('task'), task_type: lookupId(ACTIVITY_TYPES), subject: z.string() }),
  z.object({ id: z.string().optional(), kind: z.literal('wait'), days: z.number().int() }),
]);

/** Which new leads a sequence takes; an absent field matches any lead. */
export const enrolRuleSchema = z.object({
  course_type: lookupId(COURSE_TYPES).optional(),
  course_id: recordId.optional(),
  /** 1 local, 2 international (LOCATIONS). */
  location: z.literal([1, 2]).optional(),
  /** 1 website, 3 search ad, 4 social ad (LEAD_SOURCES). */
  source: z.literal([1, 3, 4]).optional(),
  /**
   * Issue 24: when set, the rule enrols a lead when its attendance at an event is recorded
   * ('attended' at check-in, 'no_show' when the event ends without one), not at intake.
   */
  event_outcome: z.enum(['attended', 'no_show']).optional(),
});

export const sequenceSchema = z.object({
  id: z.string(),
  name: z.string(),
  paused: z.boolean(),
  exit_stages: z.array(lookupId(LEAD_STAGES)),
  rules: z.array(enrolRuleSchema),
  steps: z.array(sequenceStepSchema),
  version: z.number().int(),
  /** Leads in it now. */
  active: z.number().int(),
  updated_at: instant,
});

export const sequenceListSchema = z.object({
  sequences: z.array(sequenceSchema),
  /** The e-mail templates a step may send (not retired). */
  templates: z.array(z.object({ id: z.string(), name: z.string() })),
});

const enrolmentState = z.enum(['active', 'left', 'completed']);

export const leadEnrolmentSchema = z.object({
  id: z.string(),
  sequence: z.object({ id: z.string(), name: z.string() }),
  state: enrolmentState,
  enrolled_at: instant,
  next_due_at: instant.nullable(),
  /** What it does next, e.g. "E-mail: Welcome"; null when it has ended. */
  next_step: z.string().nullable(),
  ended_at: instant.nullable(),
  left_reason: z.string().nullable(),
});

export const leadEnrolmentsSchema = z.object({ enrolments: z.array(leadEnrolmentSchema) });

export type SequenceStep = z.infer<typeof sequenceStepSchema>;
export type EnrolRule = z.infer<typeof enrolRuleSchema>;
export type Sequence = z.infer<typeof sequenceSchema>;
export type SequenceList = z.infer<typeof sequenceListSchema>;
export type EnrolmentState = z.infer<typeof enrolmentState>;
export type LeadEnrolment = z.infer<typeof leadEnrolmentSchema>;
export type LeadEnrolments = z.infer<typeof leadEnrolmentsSchema>;
