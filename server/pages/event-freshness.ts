/**
 * How long a kept page that shows events stays true (issue 31). Pages with events beside their
 * content (a program's page, the calendar) are kept like every catalogue page, so their events
 * are in their HTML; what they show changes when an event is created, edited, cancelled or
 * registered for (this process hears of those: `watchEventWrites` in event-page-data.ts bumps the
 * events version), when an event starts or ends (known from the answer itself), and when another
 * instance or the events pass changes one (not heard of here: bounded by EVENTS_MAX_AGE_MS).
 */
import type { PublicEventList } from '../../src/events-contract';
import type { PageData } from '../../site/ssr/renderPage';
import { isEventRead } from './event-page-data';

/** A kept page with events is rendered again at least this often (changes made by another instance). */
export const EVENTS_MAX_AGE_MS = 60_000;

export interface EventsStamp {
  /** The events version the page was rendered under. */
  version: number;
  /** When it must be rendered again whatever the version (ms since the epoch). */
  until: number;
}

const instantsOf = (answer: PageData): string[] => {
  if (!answer.ok) return [];
  const value = answer.data as Partial<PublicEventList> & { starts_at?: string; ends_at?: string };
  const events = Array.isArray(value.events) ? value.events : [value];
  return events.flatMap((event) => [event.starts_at, event.ends_at]).filter((at): at is string => typeof at === 'string');
};

/** Null when the render read no event answer (the page never changes with events). */
export function eventsStamp(used: ReadonlyMap<string, PageData>, version: number, now: number): EventsStamp | null {
  let until = now + EVENTS_MAX_AGE_MS;
  let readEvents = false;
  for (const [apiPath, answer] of used) {
    if (!isEventRead(apiPath)) continue;
    readEvents = true;
    // An event that starts turns 'past'; one that ends leaves the list.
    for (const at of instantsOf(answer)) {
      const instant = Date.parse(at);
      if (instant > now && instant < until) until = instant;
    }
  }
  return readEvents ? { version, until } : null;
}

export const isCurrent = (stamp: EventsStamp | null, version: number, now: number): boolean =>
  stamp === null || (stamp.version === version && now < stamp.until);
