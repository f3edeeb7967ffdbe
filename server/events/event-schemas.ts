/**
 * What an editor sends for an event (POST/PUT /api/crm/events, src/events-contract.ts EventInput),
 * with the messages the CRM's form shows beside each field. The course ids are checked against the
 * courses table by the store (event-store.ts), in the same transaction as the write.
 */
import { z } from 'zod';
import { EVENT_KINDS, type EventKind } from '../../src/events-contract';
import { versionField } from '../crm';

export const TITLE_MAX = 200;
export const DESCRIPTION_MAX = 5000;
export const ROOM_MAX = 200;
export const URL_MAX = 2000;
export const CAPACITY_MAX = 100_000;

export const EVENT_MESSAGES = {
  body: 'Please send the event as a JSON object.',
  title: 'Please enter a title.',
  titleLong: `The title is too long (at most ${TITLE_MAX} characters).`,
  kind: 'Please choose the kind of event: information session, open house, campus tour or webinar.',
  startsAt: 'Please enter when the event starts (a date and time).',
  endsAt: 'Please enter when the event ends (a date and time).',
  endsAfterStart: 'The event must end after it starts.',
  place: 'Please choose where the event happens: a campus room or an online link.',
  room: 'Please enter the campus room (for example "Room 701").',
  roomLong: `The room is too long (at most ${ROOM_MAX} characters).`,
  url: 'Please enter the online link as a full https:// address.',
  capacity: `Please enter the number of seats: a whole number from 1 to ${CAPACITY_MAX.toLocaleString('en-CA')}.`,
  courses: 'Please choose programs from the list.',
  courseMissing: 'One of the chosen programs does not exist. Please choose programs from the list.',
  description: `The description is too long (at most ${DESCRIPTION_MAX} characters).`,
  registrationOpen: 'Please say whether registration is open (yes or no).',
  pastDate: 'This date is in the past. Check the date, or confirm that the event is meant to start in the past.',
  confirmPastDate: 'Please say whether a start in the past is confirmed (true or false).',
} as const;

/** ISO 8601 with a time and an offset (or Z): a wall time without an offset would be ambiguous. */
const instant = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/, { error: message })
    .refine((value) => !Number.isNaN(Date.parse(value)), { error: message })
    .transform((value) => new Date(value).toISOString());

const httpsUrl = z
  .string({ error: EVENT_MESSAGES.url })
  .trim()
  .max(URL_MAX, { error: EVENT_MESSAGES.url })
  .refine(
    (value) => {
      try {
        const url = new URL(value);
        return url.protocol === 'https:' && url.hostname.includes('.');
      } catch {
        return false;
      }
    },
    { error: EVENT_MESSAGES.url },
  );

const placeSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('campus'),
      room: z.string({ error: EVENT_MESSAGES.room }).trim().min(1, { error: EVENT_MESSAGES.room }).max(ROOM_MAX, {
        error: EVENT_MESSAGES.roomLong,
      }),
    }),
    z.object({ kind: z.literal('online'), url: httpsUrl }),
  ],
  { error: EVENT_MESSAGES.place },
);

const eventFields = {
  title: z
    .string({ error: EVENT_MESSAGES.title })
    .trim()
    .min(1, { error: EVENT_MESSAGES.title })
    .max(TITLE_MAX, { error: EVENT_MESSAGES.titleLong }),
  kind: z.literal(
    EVENT_KINDS.map((k): EventKind => k.id),
    { error: EVENT_MESSAGES.kind },
  ),
  starts_at: instant(EVENT_MESSAGES.startsAt),
  ends_at: instant(EVENT_MESSAGES.endsAt),
  place: placeSchema,
  capacity: z
    .number({ error: EVENT_MESSAGES.capacity })
    .int({ error: EVENT_MESSAGES.capacity })
    .min(1, { error: EVENT_MESSAGES.capacity })
    .max(CAPACITY_MAX, { error: EVENT_MESSAGES.capacity }),
  course_ids: z
    .array(z.string().regex(/^[0-9a-f]{24}$/, { error: EVENT_MESSAGES.courses }), { error: EVENT_MESSAGES.courses })
    .max(200, { error: EVENT_MESSAGES.courses })
    .transform((ids) => [...new Set(ids)]),
  description: z
    .string({ error: EVENT_MESSAGES.description })
    .trim()
    .max(DESCRIPTION_MAX, { error: EVENT_MESSAGES.description })
    .default(''),
  registration_open: z.boolean({ error: EVENT_MESSAGES.registrationOpen }).default(true),
  /** A start before now is saved only when the editor confirmed it (server/events/event-past-date.ts). */
  confirm_past_date: z.boolean({ error: EVENT_MESSAGES.confirmPastDate }).default(false),
};

const endsAfterStart = <T extends { starts_at: string; ends_at: string }>(input: T, context: z.RefinementCtx) => {
  if (Date.parse(input.ends_at) <= Date.parse(input.starts_at)) {
    context.addIssue({ code: 'custom', path: ['ends_at'], message: EVENT_MESSAGES.endsAfterStart });
  }
};

export const eventInputSchema = z.object(eventFields, { error: EVENT_MESSAGES.body }).superRefine(endsAfterStart);
export const eventSaveSchema = z
  .object({ ...eventFields, version: versionField }, { error: EVENT_MESSAGES.body })
  .superRefine(endsAfterStart);

export type ValidEventInput = z.output<typeof eventInputSchema>;

/** An event id: a decimal bigserial (anything else is simply not found). */
export const isEventId = (id: string): boolean => /^[1-9]\d{0,17}$/.test(id);
