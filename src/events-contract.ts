/**
 * Wire types and paths of information sessions and open houses (issue 24), written once for the
 * server (server/events/), the site (/events pages), the widget (CollegeInquiry.register) and the
 * CRM (events editor, check-in, reporting). Ids are decimal strings; times are ISO 8601 UTC
 * strings; the college's clock is America/Toronto (src/college-time.ts formats them).
 */
import type { LeadStageId } from './lookups';

export const EVENT_KINDS = [
  { id: 'info_session', title: 'Information session' },
  { id: 'open_house', title: 'Open house' },
  { id: 'campus_tour', title: 'Campus tour' },
  { id: 'webinar', title: 'Webinar' },
] as const;
export type EventKind = (typeof EVENT_KINDS)[number]['id'];

/** A registrant who reached one of these stages counts as "applied" in the events funnel. */
export const APPLIED_STAGES: readonly LeadStageId[] = [5, 6, 7];

/** Where it happens: a campus room (the college's address is added) or an online link. */
export type EventPlace = { kind: 'campus'; room: string } | { kind: 'online'; url: string };

/** What an editor types (POST/PUT /api/crm/events). */
export interface EventInput {
  title: string;
  kind: EventKind;
  /** ISO 8601 with offset; the editor's form enters America/Toronto wall time. */
  starts_at: string;
  ends_at: string;
  place: EventPlace;
  /** Seats; registrations beyond it join the waitlist. */
  capacity: number;
  /** Course ids of the programs it covers (may be empty: "all programs"). */
  course_ids: string[];
  description: string;
  registration_open: boolean;
}

/** POST/PUT /api/crm/events: a start in the past (a new one, or a move) is refused unless confirmed (issue 31). */
export interface EventSaveRequest extends EventInput {
  confirm_past_date?: boolean;
}

/** An event as the public sees it. The online link is never here (registrants get it by mail). */
export interface PublicEvent {
  id: string;
  slug: string;
  title: string;
  kind: EventKind;
  starts_at: string;
  ends_at: string;
  /** Campus: room plus the college's address; online: null room and address. */
  place: { kind: 'campus'; room: string; address: string } | { kind: 'online' };
  courses: { _id: string; course_name: string; slug: string | null }[];
  description: string;
  /** 'open': seats left; 'full': new registrations join the waitlist; others cannot register. */
  availability: 'open' | 'full' | 'closed' | 'cancelled' | 'past';
  seats_left: number;
}

/** GET /api/events?course=&kind= : upcoming events (not ended, not cancelled), soonest first. */
export interface PublicEventList {
  events: PublicEvent[];
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

export type RegistrationStatus = 'registered' | 'waitlisted' | 'cancelled';

/**
 * 201 for a new registration, 200 when the e-mail already holds one for this event (the existing
 * registration is answered, no second seat). 409 `{ message }` for a past, cancelled or closed event.
 */
export interface RegistrationAnswer {
  status: RegistrationStatus;
  /** 1-based place on the waitlist; null when registered. */
  position: number | null;
  /** A sentence for the person, e.g. "You are registered. A confirmation is on its way to …". */
  message: string;
  event: PublicEvent;
  /**
   * When the place is released unless the address confirms it (an address that has never
   * completed a link from us: server/events/seat-holds.ts); null when nothing waits for it.
   */
  confirm_by: string | null;
}

/** GET /api/events/registrations/:token (the cancel link's page; no sign-in). */
export interface RegistrationByToken {
  status: RegistrationStatus;
  position: number | null;
  first_name: string;
  event: PublicEvent;
  /** As in RegistrationAnswer: when the place is released unless confirmed; null once confirmed. */
  confirm_by: string | null;
}

// ---- CRM ----

export interface EventCounts {
  registered: number;
  waitlisted: number;
  checked_in: number;
  cancelled: number;
}

/** GET /api/crm/events (every event, newest start first), GET /api/crm/events/:id */
export interface CrmEvent extends EventInput {
  id: string;
  slug: string;
  cancelled_at: string | null;
  version: number;
  counts: EventCounts;
}
export interface CrmEventList {
  events: CrmEvent[];
}

export interface CrmRegistration {
  id: string;
  lead_id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  status: RegistrationStatus;
  position: number | null;
  walk_in: boolean;
  registered_at: string;
  checked_in_at: string | null;
}

/** GET /api/crm/events/:id/registrations?q= (q: a fragment of name, e-mail or phone). */
export interface CrmRegistrationList {
  event: CrmEvent;
  registrations: CrmRegistration[];
}

/** GET /api/crm/events/report: per event and per Toronto month, registered → attended → applied. */
export interface EventFunnelRow {
  registered: number;
  attended: number;
  applied: number;
}
export interface EventsReport {
  events: (EventFunnelRow & { id: string; title: string; starts_at: string })[];
  /** 'YYYY-MM', oldest first, the last 12 months. */
  months: (EventFunnelRow & { month: string })[];
}

/** Timeline entries of events on a lead (lead_events kinds event_*). */
export type EventTimelineAction =
  | 'registered'
  | 'waitlisted'
  | 'promoted'
  | 'cancelled'
  | 'event_cancelled'
  | 'attended'
  | 'no_show'
  /** The address never confirmed the registration within its hold (server/events/seat-holds.ts). */
  | 'released';

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
