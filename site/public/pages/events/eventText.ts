/**
 * How the site words an event (issue 24): Toronto date and time, place, kind and seats. Times are
 * built from Toronto wall-clock parts by hand rather than Intl's locale output, so the server's
 * render and the browser's hydration produce the same characters whatever ICU each one ships.
 */
import { formatAddress } from '../../../../src/college';
import type { WallTime } from '../../../../src/college-time';
import { EVENT_KINDS, type EventKind, type PublicEvent } from '../../../../src/events-contract';
// Not src/college-time.ts's wallTime: its Intl formatter would load ICU on every page with an event (torontoClock.ts).
import { torontoWallTime as wallTime } from './torontoClock';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

export const kindTitle = (kind: EventKind): string => EVENT_KINDS.find((k) => k.id === kind)?.title ?? kind;

const dayText = (w: WallTime) => {
  const weekday = WEEKDAYS[new Date(Date.UTC(w.year, w.month - 1, w.day)).getUTCDay()] ?? '';
  return `${weekday}, ${MONTHS[w.month - 1] ?? ''} ${w.day}, ${w.year}`;
};

const clockText = (w: WallTime) => {
  const hour12 = w.hour % 12 === 0 ? 12 : w.hour % 12;
  return `${hour12}:${String(w.minute).padStart(2, '0')} ${w.hour < 12 ? 'a.m.' : 'p.m.'}`;
};

/** "Thursday, December 3, 2026, 6:00 p.m. to 7:30 p.m." (Toronto time; the end's day when it differs). */
export function eventWhen(event: Pick<PublicEvent, 'starts_at' | 'ends_at'>): string {
  const start = wallTime(new Date(event.starts_at));
  const end = wallTime(new Date(event.ends_at));
  const sameDay = start.year === end.year && start.month === end.month && start.day === end.day;
  return `${dayText(start)}, ${clockText(start)} to ${sameDay ? '' : `${dayText(end)}, `}${clockText(end)}`;
}

/** An instant as ISO 8601 with Toronto's offset (`2026-12-03T18:00:00-05:00`), as schema.org asks. */
export function torontoIso(iso: string): string {
  const instant = new Date(iso);
  const w = wallTime(instant);
  const offsetMinutes = Math.round((Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - instant.getTime()) / 60000);
  const pad = (n: number) => String(Math.abs(n)).padStart(2, '0');
  const sign = offsetMinutes < 0 ? '-' : '+';
  return (
    `${w.year}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}` +
    `${sign}${pad(Math.trunc(offsetMinutes / 60))}:${pad(offsetMinutes % 60)}`
  );
}

/** The campus room with the college's address, or "Online" (the link goes to registrants only). */
export function eventPlace(event: Pick<PublicEvent, 'place'>): string {
  return event.place.kind === 'campus' ? `${event.place.room}, ${event.place.address || formatAddress()}` : 'Online';
}

/** Seats left, "Full — join the waitlist", or why registration is not possible. */
export function eventSeats(event: Pick<PublicEvent, 'availability' | 'seats_left'>): string {
  switch (event.availability) {
    case 'open':
      return `${event.seats_left} ${event.seats_left === 1 ? 'seat' : 'seats'} left`;
    case 'full':
      return 'Full — join the waitlist';
    case 'closed':
      return 'Registration is closed';
    case 'cancelled':
      return 'Cancelled';
    case 'past':
      return 'This event has ended';
  }
}

/** A short plain description for meta tags and cards. */
export function eventSummary(event: Pick<PublicEvent, 'description' | 'title'>): string {
  const text = event.description.replace(/\s+/g, ' ').trim();
  if (!text) return `${event.title} at our Toronto college.`;
  return text.length > 160 ? `${text.slice(0, 157).trimEnd()}…` : text;
}
