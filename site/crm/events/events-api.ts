/** The CRM's calls for events (issue 24): the editor, check-in and the dashboard's funnel (src/events-contract.ts). */
import type { CourseOption, MessageAnswer } from '../../../src/contract';
import type {
  CrmEvent,
  CrmEventList,
  CrmRegistration,
  CrmRegistrationList,
  EventSaveRequest,
  EventsReport,
  RegistrationRequest,
} from '../../../src/events-contract';
import { eventPaths } from '../../../src/events-contract';
import { apiFetch, fieldErrorsOf } from '../../../src/api-client';
import { publicApiPaths } from '../../../src/public-api';
import type { FieldErrors } from '../../../src/field-errors';
import { API_BASE, staffFetch } from '../shared/api';

const opts = (signal?: AbortSignal) => (signal ? { signal } : {});

export const fetchEvents = (signal?: AbortSignal) => staffFetch<CrmEventList>(eventPaths.crmList, opts(signal));
export const fetchEvent = (id: string, signal?: AbortSignal) => staffFetch<CrmEvent>(eventPaths.crmEvent(id), opts(signal));
export const createEvent = (body: EventSaveRequest) => staffFetch<CrmEvent>(eventPaths.crmList, { method: 'POST', body });
export const saveEvent = (id: string, body: EventSaveRequest & { version: number }) =>
  staffFetch<CrmEvent>(eventPaths.crmEvent(id), { method: 'PUT', body });
export const cancelEvent = (event: CrmEvent) =>
  staffFetch<CrmEvent>(eventPaths.crmCancel(event.id), { method: 'POST', body: { version: event.version } });

export const fetchRegistrations = (id: string, q: string, signal?: AbortSignal) =>
  staffFetch<CrmRegistrationList>(eventPaths.crmRegistrations(id, q), opts(signal));
/** `early`: the staff member confirmed a check-in before the event's day (asked only after the server refused one). */
export const checkIn = (id: string, registrationId: string, early = false) =>
  staffFetch<CrmRegistration | MessageAnswer>(eventPaths.crmCheckIn(id, registrationId), { method: 'POST', body: { early } });
export const undoCheckIn = (id: string, registrationId: string) =>
  staffFetch<CrmRegistration | MessageAnswer>(eventPaths.crmCheckIn(id, registrationId), { method: 'DELETE' });
export const registerWalkIn = (id: string, body: RegistrationRequest, early = false) =>
  staffFetch<unknown>(eventPaths.crmWalkIn(id), { method: 'POST', body: { ...body, early } });

export const fetchEventsReport = (signal?: AbortSignal) => staffFetch<EventsReport>(eventPaths.crmReport, opts(signal));

/** Every active course (the public list the inquiry form uses): the programs an event may cover. */
export const fetchCourseOptions = (signal?: AbortSignal) => apiFetch<CourseOption[]>(API_BASE, publicApiPaths.courses(), opts(signal));

/** A refused save's per-field messages, whether the server names the map `errors` (route-schema) or `fields`. */
export function eventFieldErrors(body: unknown): FieldErrors {
  const fields = body && typeof body === 'object' && 'fields' in body ? { errors: (body as { fields: unknown }).fields } : null;
  return { ...fieldErrorsOf(fields), ...fieldErrorsOf(body) };
}
