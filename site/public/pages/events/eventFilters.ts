/**
 * The Events page's filters, kept in the query string (`?program=<course id>&kind=<kind>`) so a
 * filtered view is a plain GET form, rendered on the server and shared as a link. Pages filter
 * the one list of upcoming events themselves: an event that covers no program in particular is
 * for every program, so it stays under any program filter.
 */
import { EVENT_KINDS, eventPaths, type EventKind, type PublicEvent } from '../../../../src/events-contract';
import { compareText } from '../../../lib/compare';

export interface EventFilters {
  program: string;
  kind: EventKind | '';
}

const isKind = (value: string): value is EventKind => EVENT_KINDS.some((k) => k.id === value);

/** Filters from raw values (a query string's or a form's); an unknown kind means all kinds. */
export function eventFiltersOf(values: { program?: string | null; kind?: string | null }): EventFilters {
  const kind = values.kind ?? '';
  return { program: (values.program ?? '').trim(), kind: isKind(kind) ? kind : '' };
}

export function readEventFilters(search: string): EventFilters {
  const params = new URLSearchParams(search);
  return eventFiltersOf({ program: params.get('program'), kind: params.get('kind') });
}

export function eventFiltersUrl(filters: EventFilters): string {
  const params = new URLSearchParams();
  if (filters.program) params.set('program', filters.program);
  if (filters.kind) params.set('kind', filters.kind);
  const query = params.toString();
  return query ? `${eventPaths.listPage}?${query}` : eventPaths.listPage;
}

export const coversProgram = (event: PublicEvent, courseId: string): boolean =>
  event.courses.length === 0 || event.courses.some((course) => course._id === courseId);

export function filterEvents(events: readonly PublicEvent[], filters: EventFilters): PublicEvent[] {
  return events.filter(
    (event) => (!filters.kind || event.kind === filters.kind) && (!filters.program || coversProgram(event, filters.program)),
  );
}

/** The programs named by any upcoming event, by name, for the program select. */
export function programsOfEvents(events: readonly PublicEvent[]): { id: string; name: string }[] {
  const byId = new Map<string, string>();
  for (const event of events) for (const course of event.courses) byId.set(course._id, course.course_name);
  return [...byId].map(([id, name]) => ({ id, name })).sort((a, b) => compareText(a.name, b.name));
}
