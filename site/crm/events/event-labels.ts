/** How the CRM names an event's kind, state, day and times: always in the college's zone (America/Toronto). */
import { COLLEGE_TIME_ZONE, fromTorontoLocalInput, toTorontoLocalInput } from '../../../src/college-time';
import { EVENT_KINDS, type CrmEvent, type EventKind } from '../../../src/events-contract';

export const kindTitle = (kind: EventKind) => EVENT_KINDS.find((k) => k.id === kind)?.title ?? kind;

export type EventState = 'open' | 'closed' | 'cancelled' | 'past';
export const STATE_TITLES: Record<EventState, string> = { open: 'Open', closed: 'Closed', cancelled: 'Cancelled', past: 'Past' };

/** Cancelled wins over past (a cancelled event never happened); an ended event is past whatever its switch says. */
export function eventState(event: Pick<CrmEvent, 'cancelled_at' | 'ends_at' | 'registration_open'>, now = new Date()): EventState {
  if (event.cancelled_at) return 'cancelled';
  if (new Date(event.ends_at).getTime() <= now.getTime()) return 'past';
  return event.registration_open ? 'open' : 'closed';
}

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  weekday: 'short',
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  timeZone: COLLEGE_TIME_ZONE,
});
const timeFormat = new Intl.DateTimeFormat('en-CA', { hour: 'numeric', minute: '2-digit', timeZone: COLLEGE_TIME_ZONE });

/** "Thu, Dec 3, 2026, 6:30 p.m. – 8:00 p.m." (the end's day too when it differs). */
export function whenText(startsAt: string, endsAt: string): string {
  const start = new Date(startsAt);
  const end = new Date(endsAt);
  if (Number.isNaN(start.getTime())) return startsAt;
  const startDay = dayFormat.format(start);
  const endDay = Number.isNaN(end.getTime()) ? '' : dayFormat.format(end);
  const endText = endDay === startDay ? timeFormat.format(end) : `${endDay}, ${timeFormat.format(end)}`;
  return `${startDay}, ${timeFormat.format(start)} – ${endText}`;
}

/** "6:32 p.m." in Toronto: at the door the day goes without saying. */
export const timeText = (iso: string) => timeFormat.format(new Date(iso));

/** A Toronto wall time as the editor's separate date and time inputs. */
export function torontoParts(iso: string): { date: string; time: string } {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return { date: '', time: '' };
  const [date = '', time = ''] = toTorontoLocalInput(instant).split('T');
  return { date, time };
}

/** The ISO instant of a Toronto date and time; '' when either is missing or not valid (the server then names the field). */
export function isoFromToronto(date: string, time: string): string {
  return fromTorontoLocalInput(`${date}T${time}`)?.toISOString() ?? '';
}
