/** The answer shapes of the sequences API (src/sequences-contract.ts). */
import { z } from 'zod';
import type { LeadEnrolments, Sequence, SequenceList } from '../../src/sequences-contract';
import { ACTIVITY_TYPES, COURSE_TYPES, LEAD_STAGES } from '../../src/lookups';
import { answerSchema, idSchema, instantSchema, lookupId } from './answer-schema';

const step = z.discriminatedUnion('kind', [
  z.object({ id: z.string().optional(), kind: z.literal('email'), template_id: z.string() }),
  z.object({ id: z.string().optional(), kind: z.literal('task'), task_type: lookupId(ACTIVITY_TYPES), subject: z.string() }),
  z.object({ id: z.string().optional(), kind: z.literal('wait'), days: z.number().int() }),
]);

const rule = z.object({
  course_type: lookupId(COURSE_TYPES).optional(),
  course_id: idSchema.optional(),
  location: z.literal([1, 2]).optional(),
  source: z.literal([1, 3, 4]).optional(),
  event_outcome: z.enum(['attended', 'no_show']).optional(),
});

export const sequenceAnswer = answerSchema<Sequence>()(
  'Sequence',
  z.object({
    id: z.string(),
    name: z.string(),
    paused: z.boolean(),
    exit_stages: z.array(lookupId(LEAD_STAGES)),
    rules: z.array(rule),
    steps: z.array(step),
    version: z.number().int(),
    active: z.number().int(),
    updated_at: instantSchema,
  }),
);

export const sequenceListAnswer = answerSchema<SequenceList>()(
  'SequenceList',
  z.object({ sequences: z.array(sequenceAnswer), templates: z.array(z.object({ id: z.string(), name: z.string() })) }),
);

export const leadEnrolmentsAnswer = answerSchema<LeadEnrolments>()(
  'LeadEnrolments',
  z.object({
    enrolments: z.array(
      z.object({
        id: z.string(),
        sequence: z.object({ id: z.string(), name: z.string() }),
        state: z.enum(['active', 'left', 'completed']),
        enrolled_at: instantSchema,
        next_due_at: instantSchema.nullable(),
        next_step: z.string().nullable(),
        ended_at: instantSchema.nullable(),
        left_reason: z.string().nullable(),
      }),
    ),
  }),
);
