/**
 * The event as an RFC 5545 calendar (.ics): served at /api/events/:id/calendar.ics and attached to
 * the mails. Times are America/Toronto with its VTIMEZONE (timezones-ical-library); the UID is
 * stable per event and SEQUENCE follows the event's version, so a calendar that imported the
 * confirmation updates the entry from a later mail, and a cancellation (STATUS:CANCELLED) removes it.
 */
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { tzlib_get_ical_block } from 'timezones-ical-library';
import { COLLEGE, formatAddress } from '../../src/college';
import { COLLEGE_TIME_ZONE, toTorontoLocalInput, wallTime } from '../../src/college-time';
import type { EventRow } from './event-rows';

export interface CalendarOptions {
  siteUrl: string;
  /** The online link, only in a registrant's own mail (never in the public file). */
  onlineUrl?: string | null;
  /** The event or the person's registration was cancelled. */
  cancelled?: boolean;
}

/**
 * ical-generator writes a zoned native Date with the process's local getters; a wall-time string
 * without an offset is read in that same local zone, so the Toronto wall time comes out as is,
 * whatever the server's TZ.
 */
function torontoWall(instant: Date): string {
  const seconds = String(wallTime(instant).second).padStart(2, '0');
  return `${toTorontoLocalInput(instant)}:${seconds}`;
}

/** The library builds the block from its tables on every call: kept per zone. */
const vtimezones = new Map<string, string | null>();
const vtimezone = (zone: string) => {
  if (!vtimezones.has(zone)) {
    const block = tzlib_get_ical_block(zone);
    vtimezones.set(zone, Array.isArray(block) ? (block[0] ?? null) : null);
  }
  return vtimezones.get(zone) ?? null;
};

export function eventUid(eventId: string, siteUrl: string): string {
  return `event-${eventId}@${new URL(siteUrl).hostname}`;
}

export function eventLocation(row: EventRow, onlineUrl?: string | null): string {
  if (row.place_kind === 'campus') return `${row.room ?? ''}, ${COLLEGE.name}, ${formatAddress()}`;
  return onlineUrl ? `Online: ${onlineUrl}` : 'Online (the link is sent to registrants by e-mail)';
}

/**
 * Made files by event version and variant: ical-generator takes about 10 ms of CPU per file (its
 * line folding encodes each character on its own), too much to repeat for every registration while
 * the event's lock is held. Every edit and the cancellation bump the version, so a kept file is never
 * stale; its DTSTAMP is the time it was made, as RFC 5545 defines it.
 */
const made = new Map<string, string>();
const MADE_MAX = 200;

export function eventCalendar(row: EventRow, options: CalendarOptions): string {
  const key = JSON.stringify([
    row.id,
    row.version,
    options.siteUrl,
    options.onlineUrl ?? null,
    Boolean(options.cancelled || row.cancelled_at),
  ]);
  let ics = made.get(key);
  if (ics === undefined) {
    ics = makeCalendar(row, options);
    if (made.size >= MADE_MAX) made.delete(made.keys().next().value ?? key);
    made.set(key, ics);
  }
  return ics;
}

function makeCalendar(row: EventRow, options: CalendarOptions): string {
  // No calendar-wide zone: DTSTAMP stays in UTC as RFC 5545 requires; the generator still adds
  // the VTIMEZONE of every zone the events use.
  const calendar = ical({
    prodId: { company: COLLEGE.shortName, product: 'Events', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
  });
  calendar.timezone({ name: null, generator: vtimezone });
  const page = `${options.siteUrl}/events/${encodeURIComponent(row.slug)}`;
  const description = [row.description, options.onlineUrl ? `Join online: ${options.onlineUrl}` : '', `Details: ${page}`]
    .filter(Boolean)
    .join('\n\n');
  calendar.createEvent({
    id: eventUid(row.id, options.siteUrl),
    sequence: Math.max(0, row.version - 1),
    stamp: new Date(),
    start: torontoWall(row.starts_at),
    end: torontoWall(row.ends_at),
    timezone: COLLEGE_TIME_ZONE,
    summary: row.title,
    location: eventLocation(row, options.onlineUrl),
    description,
    url: page,
    status: options.cancelled || row.cancelled_at ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer: { name: COLLEGE.name, email: COLLEGE.emails.admissions },
  });
  return calendar.toString();
}
