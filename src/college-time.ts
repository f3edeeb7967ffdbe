/**
 * The college's days: America/Toronto, whatever the server's or the browser's time zone. Due
 * filters ("Today", "This Week"…) are ranges of whole Toronto days, so they follow the DST shifts
 * (a Toronto day is 23 or 25 hours long twice a year). Framework-free: shared by server and CRM.
 */
import { DUE_FILTERS, type DueFilter } from './lookups';

export const COLLEGE_TIME_ZONE = 'America/Toronto';

const partsFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: COLLEGE_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

export function wallTime(instant: Date): WallTime {
  const parts = Object.fromEntries(partsFormat.formatToParts(instant).map((p) => [p.type, p.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** Toronto's offset from UTC at an instant, in milliseconds (-5 h in winter, -4 h in summer). */
function offsetMs(instant: Date): number {
  const w = wallTime(instant);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/**
 * The instant of a Toronto wall-clock time. Month may overflow (day 32 is the next month's 1st).
 * Two passes settle the offset across a DST change; a time skipped by spring-forward lands an
 * hour later, as a clock would show it.
 */
export function torontoInstant(year: number, month: number, day: number, hour = 0, minute = 0): Date {
  const guess = Date.UTC(year, month - 1, day, hour, minute);
  let result = guess - offsetMs(new Date(guess));
  result = guess - offsetMs(new Date(result));
  return new Date(result);
}

/** Midnight in Toronto `offsetDays` days after the Toronto day that contains `now`. */
export function torontoDayStart(now: Date, offsetDays = 0): Date {
  const w = wallTime(now);
  return torontoInstant(w.year, w.month, w.day + offsetDays);
}

/** `YYYY-MM-DDTHH:MM` of an instant in Toronto, the value of a datetime-local input. */
export function toTorontoLocalInput(instant: Date): string {
  const w = wallTime(instant);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${w.year}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}`;
}

/** The instant of a datetime-local value read as Toronto time; null when it is not one. */
/** `YYYY-MM-DD`: the Toronto calendar day of an instant. */
export const torontoDate = (instant: Date): string => toTorontoLocalInput(instant).slice(0, 10);

export function fromTorontoLocalInput(value: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!m) return null;
  const [year, month, day, hour, minute] = m.slice(1).map(Number) as [number, number, number, number, number];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59) return null;
  return torontoInstant(year, month, day, hour, minute);
}

export type DueFilterId = (typeof DUE_FILTERS)[number]['id'];

/** What a due filter selects: due in [from, to), and for Overdue only what is not done. */
export interface DueRange {
  from: Date | null;
  to: Date;
  openOnly: boolean;
}

/**
 * The seed's due filters as ranges of Toronto days. Offsets are the seed's: Overdue (-1) is
 * everything not done and due before now; Yesterday (-1) the day before today; Today (0);
 * Tomorrow (+1); This Week (+7) today to 7 days on; Next Week (+14) days 7 to 14; This Month (+30)
 * today to 30 days on.
 */
export function dueRange(filter: DueFilter, now: Date): DueRange {
  const day = (offset: number) => torontoDayStart(now, offset);
  switch (filter.id) {
    case 10:
      return { from: null, to: now, openOnly: true };
    case 3:
      return { from: day(filter.offset), to: day(0), openOnly: false };
    case 5:
      return { from: day(7), to: day(filter.offset), openOnly: false };
    case 1:
    case 2:
      return { from: day(filter.offset), to: day(filter.offset + 1), openOnly: false };
    default:
      return { from: day(0), to: day(filter.offset), openOnly: false };
  }
}

const HOLD_DEADLINE = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Toronto',
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** When a held event place must be confirmed by, as the mail and the registration page say it ("Sunday, November 29 at 2:14 a.m."). */
export const formatHoldDeadline = (at: Date): string => HOLD_DEADLINE.format(at);

const LONG_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'UTC', dateStyle: 'long' });
const LONG_TIME = new Intl.DateTimeFormat('en-CA', { timeZone: COLLEGE_TIME_ZONE, dateStyle: 'long', timeStyle: 'short' });

/** A Toronto calendar day (YYYY-MM-DD) in words, for a person: "November 27, 2026". */
export const formatLongDay = (day: string): string => LONG_DAY.format(new Date(`${day}T12:00:00Z`));

/** An instant in Toronto time, in words, for a person: "November 27, 2026 at 7:00 a.m.". */
export const formatTorontoTime = (at: Date): string => LONG_TIME.format(at);
