/** The answer shapes of events (issue 24): public reads and registration, the CRM's events. */
import { z } from 'zod';
import {
  EVENT_KINDS,
  type CrmEvent,
  type CrmEventList,
  type EventKind,
  type PublicEvent,
  type PublicEventList,
  type RegistrationAnswer,
  type RegistrationByToken,
} from '../../src/events-contract';
import { answerComponents, answerSchema, idSchema, instantSchema } from '../openapi/answer-schema';
import { fileAnswer } from '../openapi/registry';

/** Events and registrations have decimal ids (bigserial), not the 24-hex ids of older records. */
export const eventIdSchema = z.string().regex(/^\d+$/);
const kind = z.literal(EVENT_KINDS.map((k): EventKind => k.id));
const status = z.enum(['registered', 'waitlisted', 'cancelled']);

/** What both views of an event carry. */
const eventShape = {
  id: eventIdSchema,
  slug: z.string(),
  title: z.string(),
  kind,
  starts_at: instantSchema,
  ends_at: instantSchema,
  description: z.string(),
};

export const publicEventAnswer = answerSchema<PublicEvent>()(
  'PublicEvent',
  z.object({
    ...eventShape,
    place: z.union([
      z.object({ kind: z.literal('campus'), room: z.string(), address: z.string() }),
      z.object({ kind: z.literal('online') }).strict(),
    ]),
    courses: z.array(z.object({ _id: idSchema, course_name: z.string(), slug: z.string().nullable() })),
    availability: z.enum(['open', 'full', 'closed', 'cancelled', 'past']),
    seats_left: z.number().int(),
  }),
);

export const publicEventListAnswer = answerSchema<PublicEventList>()('PublicEventList', z.object({ events: z.array(publicEventAnswer) }));

export const registrationAnswer = answerSchema<RegistrationAnswer>()(
  'RegistrationAnswer',
  z.object({
    status,
    position: z.number().int().nullable(),
    message: z.string(),
    event: publicEventAnswer,
    confirm_by: z.string().nullable(),
  }),
);

export const registrationByTokenAnswer = answerSchema<RegistrationByToken>()(
  'RegistrationByToken',
  z.object({
    status,
    position: z.number().int().nullable(),
    first_name: z.string(),
    event: publicEventAnswer,
    confirm_by: z.string().nullable(),
  }),
);

export const crmEventAnswer = answerSchema<CrmEvent>()(
  'CrmEvent',
  z.object({
    ...eventShape,
    place: z.union([z.object({ kind: z.literal('campus'), room: z.string() }), z.object({ kind: z.literal('online'), url: z.string() })]),
    capacity: z.number().int(),
    course_ids: z.array(idSchema),
    registration_open: z.boolean(),
    cancelled_at: instantSchema.nullable(),
    version: z.number().int(),
    counts: z.object({
      registered: z.number().int(),
      waitlisted: z.number().int(),
      checked_in: z.number().int(),
      cancelled: z.number().int(),
    }),
  }),
);

export const crmEventListAnswer = answerSchema<CrmEventList>()('CrmEventList', z.object({ events: z.array(crmEventAnswer) }));

const calendarText = z.string();
answerComponents.add(calendarText, { id: 'CalendarText', description: 'An iCalendar file (RFC 5545) with its VTIMEZONE.' });
/** The .ics file of an event (never with the online link). */
export const calendarFileAnswer = fileAnswer(calendarText, 'text/calendar', 'The event as an iCalendar file (RFC 5545).');
