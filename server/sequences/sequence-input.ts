/** The bodies of the sequences API, validated with a human message per field. */
import { z } from 'zod';
import { ACTIVITY_TYPES, COURSE_TYPES, LEAD_SOURCES, LEAD_STAGES, LOCATIONS, type ActivityTypeId } from '../../src/lookups';
import type { SequenceInput } from '../../src/sequences-contract';
import { versionField } from '../crm';

export const NAME_MESSAGE = 'Please enter a name (at most 100 characters).';
export const STEPS_MESSAGE = 'A sequence needs 1 to 20 steps.';
export const TEMPLATE_MESSAGE = 'Please choose the e-mail template this step sends.';
export const TASK_TYPE_MESSAGE = 'Please choose a task type: Call, Email, Meeting or Task.';
export const TASK_SUBJECT_MESSAGE = 'Please enter the task subject (at most 200 characters).';
export const WAIT_MESSAGE = 'A wait is 1 to 90 business days.';
export const STAGES_MESSAGE = 'Exit stages are stages of the list.';
export const RULE_MESSAGE = 'Each enrolment rule names a course type, course, location or source from the lists.';
export const EVENT_OUTCOME_MESSAGE = 'An event outcome is "attended" or "no_show".';

const lookupLiteral = <T extends number>(ids: T[], message: string) => z.literal(ids, { error: message });
const stepId = z
  .string()
  .regex(/^\d{1,18}$/)
  .optional();

const step = z.discriminatedUnion(
  'kind',
  [
    z.object({
      id: stepId,
      kind: z.literal('email'),
      template_id: z.string({ error: TEMPLATE_MESSAGE }).regex(/^\d{1,18}$/, { error: TEMPLATE_MESSAGE }),
    }),
    z.object({
      id: stepId,
      kind: z.literal('task'),
      task_type: lookupLiteral(
        ACTIVITY_TYPES.map((t): ActivityTypeId => t.id),
        TASK_TYPE_MESSAGE,
      ),
      subject: z
        .string({ error: TASK_SUBJECT_MESSAGE })
        .trim()
        .min(1, { error: TASK_SUBJECT_MESSAGE })
        .max(200, { error: TASK_SUBJECT_MESSAGE }),
    }),
    z.object({
      id: stepId,
      kind: z.literal('wait'),
      days: z.number({ error: WAIT_MESSAGE }).int({ error: WAIT_MESSAGE }).min(1, { error: WAIT_MESSAGE }).max(90, { error: WAIT_MESSAGE }),
    }),
  ],
  { error: 'Each step is an e-mail, a task or a wait.' },
);

const rule = z.strictObject(
  {
    course_type: lookupLiteral(
      COURSE_TYPES.map((t) => t.id),
      RULE_MESSAGE,
    ).optional(),
    course_id: z
      .string({ error: RULE_MESSAGE })
      .regex(/^[0-9a-f]{24}$/, { error: RULE_MESSAGE })
      .optional(),
    location: z
      .literal(
        LOCATIONS.map((l) => l.id),
        { error: RULE_MESSAGE },
      )
      .optional(),
    source: z
      .literal(
        LEAD_SOURCES.map((s) => s.id),
        { error: RULE_MESSAGE },
      )
      .optional(),
    // Issue 24: a rule with an outcome enrols at check-in or at the end of an event, never at intake.
    event_outcome: z.enum(['attended', 'no_show'], { error: EVENT_OUTCOME_MESSAGE }).optional(),
  },
  { error: RULE_MESSAGE },
);

const fields = {
  name: z.string({ error: NAME_MESSAGE }).trim().min(1, { error: NAME_MESSAGE }).max(100, { error: NAME_MESSAGE }),
  paused: z.boolean({ error: 'Paused is true or false.' }),
  exit_stages: z
    .array(
      z.literal(
        LEAD_STAGES.map((s) => s.id),
        { error: STAGES_MESSAGE },
      ),
      { error: STAGES_MESSAGE },
    )
    .max(8, { error: STAGES_MESSAGE }),
  rules: z.array(rule, { error: RULE_MESSAGE }).max(20, { error: RULE_MESSAGE }),
  steps: z.array(step, { error: STEPS_MESSAGE }).min(1, { error: STEPS_MESSAGE }).max(20, { error: STEPS_MESSAGE }),
};

export const sequenceSchema = z.object(fields, { error: NAME_MESSAGE }) satisfies z.ZodType<SequenceInput>;
export const sequenceChangeSchema = z.object({ ...fields, version: versionField }, { error: NAME_MESSAGE });

export const enrolSchema = z.object(
  { sequence_id: z.string({ error: 'Please choose a sequence.' }).regex(/^\d{1,18}$/, { error: 'Please choose a sequence.' }) },
  { error: 'Please choose a sequence.' },
);
export const enrolmentParams = z.object({ id: z.string(), enrolmentId: z.string() });
