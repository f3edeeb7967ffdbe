/** Answer shapes of the assignment rules and first-contact medians (src/assignment-contract.ts). */
import { z } from 'zod';
import type { AssignmentRule, AssignmentSettingsAnswer, FirstContactMedians } from '../../src/assignment-contract';
import { answerSchema, idSchema } from './answer-schema';

export const assignmentRuleAnswer = answerSchema<AssignmentRule>()(
  'AssignmentRule',
  z.object({
    id: z.string(),
    name: z.string(),
    enabled: z.boolean(),
    course_type: z.number().nullable(),
    location: z.number().nullable(),
    cap: z.number().nullable(),
    member_ids: z.array(idSchema),
    version: z.number(),
  }),
);

export const assignmentSettingsAnswer = answerSchema<AssignmentSettingsAnswer>()(
  'AssignmentSettings',
  z.object({
    rules: z.array(assignmentRuleAnswer),
    speed_to_lead_hours: z.number(),
    settings_version: z.number(),
    eligible: z.array(z.object({ _id: idSchema, name: z.string() })),
  }),
);

const median = z.number().nullable();
export const firstContactAnswer = answerSchema<FirstContactMedians>()(
  'FirstContactMedians',
  z.object({
    by_week: z.array(z.object({ week: z.string(), median_hours: median, leads: z.number(), contacted: z.number() })),
    by_counsellor: z.array(
      z.object({ owner_id: idSchema.nullable(), name: z.string(), median_hours: median, leads: z.number(), contacted: z.number() }),
    ),
  }),
);
