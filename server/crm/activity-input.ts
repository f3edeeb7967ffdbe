/** The bodies and query of the activities API, validated with human messages. */
import { z } from 'zod';
import { ACTIVITY_TYPES, DUE_FILTERS, DUE_FILTERS_SHORT, type ActivityTypeId } from '../../src/lookups';
import type { DueFilterId } from '../../src/college-time';
import { versionField } from './lead-changes';

export const TYPE_MESSAGE = 'Please choose an activity type: Call, Email, Meeting or Task.';
export const SUBJECT_MESSAGE = 'Please enter a subject (at most 200 characters).';
export const DUE_MESSAGE = 'Please enter a due date and time.';
export const NOTES_MESSAGE = 'The notes are too long (at most 5000 characters).';
export const DUE_FILTER_MESSAGE = 'Please choose a due filter from the list.';
export const DONE_DUE_FILTER_MESSAGE =
  'Overdue and Tomorrow do not apply to done activities: choose Yesterday, Today, This Week, Next Week or This Month.';

const typeField = z.literal(
  ACTIVITY_TYPES.map((t): ActivityTypeId => t.id),
  { error: TYPE_MESSAGE },
);
const subjectField = z.string({ error: SUBJECT_MESSAGE }).trim().min(1, { error: SUBJECT_MESSAGE }).max(200, { error: SUBJECT_MESSAGE });
const notesField = z.string({ error: NOTES_MESSAGE }).max(5000, { error: NOTES_MESSAGE });
// An instant with its offset (the CRM converts the Toronto wall time it shows), within sane years.
const dueField = z
  .string({ error: DUE_MESSAGE })
  .refine((value) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value), { error: DUE_MESSAGE })
  .transform((value) => new Date(value))
  .refine((date) => !Number.isNaN(date.getTime()) && date.getUTCFullYear() >= 2000 && date.getUTCFullYear() <= 2100, {
    error: DUE_MESSAGE,
  });
const ownerField = z.string({ error: 'Please choose an active staff member as the owner.' });

export const newActivitySchema = z.object(
  { type: typeField, subject: subjectField, notes: notesField.optional(), due_at: dueField, owner_id: ownerField },
  { error: TYPE_MESSAGE },
);
export type NewActivity = z.output<typeof newActivitySchema>;

export const activityChangeSchema = z.object(
  {
    version: versionField,
    done: z.boolean({ error: 'Done is true or false.' }).optional(),
    type: typeField.optional(),
    subject: subjectField.optional(),
    notes: notesField.optional(),
    due_at: dueField.optional(),
    owner_id: ownerField.optional(),
  },
  { error: 'The change must name the version of the record you read. Please reload and try again.' },
);
export type ActivityChange = z.output<typeof activityChangeSchema>;

export type ActivityState = 'open' | 'done' | 'all';

export interface ActivityQuery {
  /** 'me' (default), 'all', or a staff id. */
  owner: string;
  due: DueFilterId | null;
  state: ActivityState;
}

const fromQuery = (value: unknown) => (value === undefined || value === '' ? undefined : value);

export const activityQuerySchema = z
  .object({
    owner: z.preprocess(
      fromQuery,
      z
        .string()
        .regex(/^(me|all|[0-9a-f]{24})$/, { error: 'Please choose an owner from the list.' })
        .default('me'),
    ),
    due: z.preprocess(
      (value) => (fromQuery(value) === undefined ? null : Number(value)),
      z
        .literal(
          DUE_FILTERS.map((f): DueFilterId => f.id),
          { error: DUE_FILTER_MESSAGE },
        )
        .nullable(),
    ),
    state: z.preprocess(fromQuery, z.enum(['open', 'done', 'all'], { error: 'State is open, done or all.' }).default('open')),
  })
  // Done activities use the seed's short variant: nothing done is overdue, or done tomorrow.
  .refine((q) => q.state !== 'done' || q.due === null || DUE_FILTERS_SHORT.some((f) => f.id === q.due), {
    error: DONE_DUE_FILTER_MESSAGE,
  });
