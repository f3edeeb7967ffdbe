/**
 * The answers of the events API (issue 24), written once as zod schemas: the wire types of
 * src/events-contract.ts are inferred from them, and server/events/answers.ts names them as the
 * routes' response schemas and the API description's components. Browser code imports only the
 * types (through events-contract.ts), so zod stays out of the site's and widget's bundles.
 */
import { z } from 'zod';
import { idSchema as recordId, instantSchema as instant } from './wire-schemas';
import { EVENT_KINDS, type EventKind } from './event-kinds';

/** Events and registrations have decimal ids (bigserial), not the 24-hex ids of older records. */
const eventIdSchema = z.string().regex(/^\d+$/);
const count = z.number().int();
const kind = z.literal(EVENT_KINDS.map((k): EventKind => k.id));
const registrationStatus = z.enum(['registered', 'waitlisted', 'cancelled']);

/** What both views of an event carry. */
const eventShape = {
  id: eventIdSchema,
  slug: z.string(),
  title: z.string(),
  kind,
  starts_at: instant,
  ends_at: instant,
  description: z.string(),
};

/** An event as the public sees it. The online link is never here (registrants get it by mail). */
export const publicEventSchema = z.object({
  ...eventShape,
  /** Campus: room plus the college's address; online: nothing more. */
  place: z.union([
    z.object({ kind: z.literal('campus'), room: z.string(), address: z.string() }),
    z.object({ kind: z.literal('online') }).strict(),
  ]),
  courses: z.array(z.object({ _id: recordId, course_name: z.string(), slug: z.string().nullable() })),
  /** 'open': seats left; 'full': new registrations join the waitlist; others cannot register. */
  availability: z.enum(['open', 'full', 'closed', 'cancelled', 'past']),
  seats_left: count,
});

/** GET /api/events?course=&kind= : upcoming events (not ended, not cancelled), soonest first. */
export const publicEventListSchema = z.object({ events: z.array(publicEventSchema) });

/**
 * 201 for a new registration, 200 when the e-mail already holds one for this event (the existing
 * registration is answered, no second seat). 409 `{ message }` for a past, cancelled or closed event.
 */
export const registrationAnswerSchema = z.object({
  status: registrationStatus,
  /** 1-based place on the waitlist; null when registered. */
  position: count.nullable(),
  /** A sentence for the person, e.g. "You are registered. A confirmation is on its way to …". */
  message: z.string(),
  event: publicEventSchema,
  /**
   * When the place is released unless the address confirms it (an address that has never
   * completed a link from us: server/events/seat-holds.ts); null when nothing waits for it.
   */
  confirm_by: z.string().nullable(),
});

/** GET /api/events/registrations/:token (the cancel link's page; no sign-in). */
export const registrationByTokenSchema = z.object({
  status: registrationStatus,
  position: count.nullable(),
  first_name: z.string(),
  event: publicEventSchema,
  /** As in RegistrationAnswer: when the place is released unless confirmed; null once confirmed. */
  confirm_by: z.string().nullable(),
});

// ---- CRM ----

/** GET /api/crm/events (every event, newest start first), GET /api/crm/events/:id */
export const crmEventSchema = z.object({
  ...eventShape,
  /** A campus room (the college's address is added on public pages) or an online link. */
  place: z.union([z.object({ kind: z.literal('campus'), room: z.string() }), z.object({ kind: z.literal('online'), url: z.string() })]),
  /** Seats; registrations beyond it join the waitlist. */
  capacity: count,
  /** Course ids of the programs it covers (may be empty: "all programs"). */
  course_ids: z.array(recordId),
  registration_open: z.boolean(),
  cancelled_at: instant.nullable(),
  version: count,
  counts: z.object({ registered: count, waitlisted: count, checked_in: count, cancelled: count }),
});
export const crmEventListSchema = z.object({ events: z.array(crmEventSchema) });

export const crmRegistrationSchema = z.object({
  id: eventIdSchema,
  /** '' when the registration has no lead (never, in practice: registering joins or creates one). */
  lead_id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string(),
  status: registrationStatus,
  position: count.nullable(),
  walk_in: z.boolean(),
  registered_at: instant,
  checked_in_at: instant.nullable(),
});

/** GET /api/crm/events/:id/registrations?q= (q: a fragment of name, e-mail or phone). */
export const crmRegistrationListSchema = z.object({ event: crmEventSchema, registrations: z.array(crmRegistrationSchema) });

const funnel = { registered: count, attended: count, applied: count };

/** GET /api/crm/events/report: per event and per Toronto month, registered → attended → applied. */
export const eventsReportSchema = z.object({
  events: z.array(z.object({ id: eventIdSchema, title: z.string(), starts_at: instant, ...funnel })),
  /** 'YYYY-MM', oldest first, the last 12 months. */
  months: z.array(z.object({ month: z.string().regex(/^\d{4}-\d{2}$/), ...funnel })),
});

export type PublicEvent = z.infer<typeof publicEventSchema>;
export type PublicEventList = z.infer<typeof publicEventListSchema>;
export type RegistrationAnswer = z.infer<typeof registrationAnswerSchema>;
export type RegistrationByToken = z.infer<typeof registrationByTokenSchema>;
export type RegistrationStatus = z.infer<typeof registrationStatus>;
export type CrmEvent = z.infer<typeof crmEventSchema>;
export type CrmEventList = z.infer<typeof crmEventListSchema>;
export type EventCounts = CrmEvent['counts'];
export type CrmRegistration = z.infer<typeof crmRegistrationSchema>;
export type CrmRegistrationList = z.infer<typeof crmRegistrationListSchema>;
export type EventsReport = z.infer<typeof eventsReportSchema>;
export type EventFunnelRow = { [K in keyof typeof funnel]: number };
