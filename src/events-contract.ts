/**
 * Wire types and paths of information sessions and open houses (issue 24), written once for the
 * server (server/events/), the site (/events pages), the widget (CollegeInquiry.register) and the
 * CRM (events editor, check-in, reporting). Ids are decimal strings; times are ISO 8601 UTC
 * strings; the college's clock is America/Toronto (src/college-time.ts formats them).
 */
import type { LeadStageId } from './lookups';
import type { CrmEvent } from './events-schemas';
import type { EventKind } from './event-kinds';

export { EVENT_KINDS, type EventKind } from './event-kinds';
// The answers are zod schemas (src/events-schemas.ts, server-only values); their types come from there.
export type {
  CrmEvent,
  CrmEventList,
  CrmRegistration,
  CrmRegistrationList,
  EventCounts,
  EventFunnelRow,
  EventsReport,
  PublicEvent,
  PublicEventList,
  RegistrationAnswer,
  RegistrationByToken,
  RegistrationStatus,
} from './events-schemas';

/** A registrant who reached one of these stages counts as "applied" in the events funnel. */
export const APPLIED_STAGES: readonly LeadStageId[] = [5, 6, 7];

/** Where it happens: a campus room (the college's address is added) or an online link. */
export type EventPlace = CrmEvent['place'];

/**
 * What an editor types (POST/PUT /api/crm/events; server/events/event-schemas.ts validates it):
 * an event's own fields, as the CRM answers them. `starts_at`/`ends_at` are ISO 8601 with offset;
 * the editor's form enters America/Toronto wall time.
 */
export type EventInput = Pick<
  CrmEvent,
  'title' | 'kind' | 'starts_at' | 'ends_at' | 'place' | 'capacity' | 'course_ids' | 'description' | 'registration_open'
>;

/** POST/PUT /api/crm/events: a start in the past (a new one, or a move) is refused unless confirmed (issue 31). */
export interface EventSaveRequest extends EventInput {
  confirm_past_date?: boolean;
}

/** POST /api/events/:id/registrations: the inquiry form's validation and phone rules. */
export interface RegistrationRequest {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  /** Program of interest: a course id, or NEED_ADVICE_COURSE_ID, or '' when the event covers one program. */
  course_id: string;
  /** Optional CASL opt-in to commercial e-mail, as the inquiry form's. */
  consent?: boolean;
}

/** Timeline entries of events on a lead (lead_events kind `event`; src/event-kinds.ts lists them). */
export type { EventTimelineAction } from './event-kinds';

export const eventPaths = {
  /** Site pages. */
  listPage: '/events',
  page: (slug: string) => `/events/${encodeURIComponent(slug)}`,
  /** The token is in the query, never a path segment: the breadcrumb (built from segments) never shows it. */
  cancelPage: (token: string) => `/events/registration?token=${encodeURIComponent(token)}`,
  /** Public API (after /api). */
  list: (filters: { course?: string; kind?: EventKind } = {}) =>
    `/events?course=${encodeURIComponent(filters.course ?? '')}&kind=${encodeURIComponent(filters.kind ?? '')}`,
  byId: (id: string) => `/events/${encodeURIComponent(id)}`,
  bySlug: (slug: string) => `/events/slug/${encodeURIComponent(slug)}`,
  register: (id: string) => `/events/${encodeURIComponent(id)}/registrations`,
  registration: (token: string) => `/events/registrations/${encodeURIComponent(token)}`,
  cancelRegistration: (token: string) => `/events/registrations/${encodeURIComponent(token)}/cancel`,
  confirmRegistration: (token: string) => `/events/registrations/${encodeURIComponent(token)}/confirm`,
  /** The event as an .ics file (the same one the confirmation attaches). */
  calendar: (id: string) => `/events/${encodeURIComponent(id)}/calendar.ics`,
  /** CRM API (after /api). */
  crmList: '/crm/events',
  crmEvent: (id: string) => `/crm/events/${encodeURIComponent(id)}`,
  crmCancel: (id: string) => `/crm/events/${encodeURIComponent(id)}/cancel`,
  crmRegistrations: (id: string, q = '') => `/crm/events/${encodeURIComponent(id)}/registrations?q=${encodeURIComponent(q)}`,
  crmCheckIn: (id: string, registrationId: string) =>
    `/crm/events/${encodeURIComponent(id)}/registrations/${encodeURIComponent(registrationId)}/check-in`,
  crmWalkIn: (id: string) => `/crm/events/${encodeURIComponent(id)}/walk-ins`,
  crmReport: '/crm/events/report',
} as const;
