/**
 * How the registration dialog words an event: its Toronto date and time (the college's clock,
 * whatever the visitor's; partner pages reach people in other time zones, so it says so), its
 * place, and why one cannot register.
 */
import { COLLEGE_TIME_ZONE } from '../src/college-time';
import type { PublicEvent } from '../src/events-contract';

const day = new Intl.DateTimeFormat('en-CA', {
  timeZone: COLLEGE_TIME_ZONE,
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
});
const clock = new Intl.DateTimeFormat('en-CA', { timeZone: COLLEGE_TIME_ZONE, hour: 'numeric', minute: '2-digit' });

/** "Thursday, December 3, 2026, 6:00 p.m. to 7:30 p.m. (Toronto time)"; the end's day too when it differs. */
export function eventWhen(event: Pick<PublicEvent, 'starts_at' | 'ends_at'>): string {
  const start = new Date(event.starts_at);
  const end = new Date(event.ends_at);
  const endDay = day.format(end) === day.format(start) ? '' : `${day.format(end)}, `;
  return `${day.format(start)}, ${clock.format(start)} to ${endDay}${clock.format(end)} (Toronto time)`;
}

export function eventWhere(event: Pick<PublicEvent, 'place'>): string {
  return event.place.kind === 'campus'
    ? [event.place.room, event.place.address].filter(Boolean).join(', ')
    : 'Online: the link comes by e-mail once you are registered';
}

/** Why registration is not possible, or null when it is (open, or full: the waitlist). */
export function unavailableText(event: Pick<PublicEvent, 'availability'>): string | null {
  switch (event.availability) {
    case 'cancelled':
      return 'This event was cancelled, so registration is not possible.';
    case 'past':
      return 'This event has already taken place.';
    case 'closed':
      return 'Registration for this event is closed.';
    default:
      return null;
  }
}
