/**
 * The college's business hours: 9:00–17:00 in America/Toronto, Monday to Friday, except Ontario's
 * nine statutory holidays (and the weekday given instead when one falls on a weekend). Used for
 * speed to lead (server/assignment/) and by the sequences' waits. Every function takes the
 * instant it starts from, so tests choose the time. DST-correct: hours are wall-clock hours of the
 * Toronto day, turned into instants by `torontoInstant` (the changes happen at 2:00, outside hours).
 */
import Holidays from 'date-holidays';
import { torontoInstant, wallTime } from '../../src/college-time';

export const BUSINESS_ZONE = 'America/Toronto';
const OPEN_HOUR = 9;
const CLOSE_HOUR = 17;
const HOUR_MS = 3_600_000;

/**
 * Ontario's statutory holidays as date-holidays names them for CA/ON. The package also lists
 * Easter Monday (and the Civic Holiday and Remembrance Day as optional), which Ontario's
 * Employment Standards Act does not make public holidays.
 */
const STATUTORY = new Set([
  "New Year's Day",
  'Family Day',
  'Good Friday',
  'Victoria Day',
  'Canada Day',
  'Labour Day',
  'Thanksgiving',
  'Christmas Day',
  'Boxing Day',
]);

export interface Day {
  year: number;
  month: number;
  day: number;
}

const holidays = new Holidays('CA', 'ON');
const closedDaysByYear = new Map<number, Set<string>>();
const key = (d: Day) => `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
/** The weekday of a calendar day (0 = Sunday), and the calendar day `n` days later (no time zone involved). */
const weekday = (d: Day) => new Date(Date.UTC(d.year, d.month - 1, d.day)).getUTCDay();
export function plusDays(d: Day, n: number): Day {
  const date = new Date(Date.UTC(d.year, d.month - 1, d.day + n));
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

/**
 * A year's holidays the college is closed on. date-holidays gives no substitute days for Ontario;
 * the Act gives a substitute day off when a holiday falls on a non-working day, and the college
 * (like Ontario's public offices) closes the next weekday that is not already a holiday: Christmas
 * on a Sunday closes the Tuesday after Boxing Day.
 */
function closedDays(year: number): Set<string> {
  const cached = closedDaysByYear.get(year);
  if (cached) return cached;
  const days = holidays
    .getHolidays(year)
    .filter((h) => h.type === 'public' && STATUTORY.has(h.name))
    .map((h) => {
      const [y, m, d] = h.date.slice(0, 10).split('-').map(Number) as [number, number, number];
      return { year: y, month: m, day: d };
    });
  const closed = new Set(days.map(key));
  for (const d of days) {
    if (weekday(d) !== 0 && weekday(d) !== 6) continue;
    let sub = plusDays(d, 1);
    while (weekday(sub) === 0 || weekday(sub) === 6 || closed.has(key(sub))) sub = plusDays(sub, 1);
    closed.add(key(sub));
  }
  closedDaysByYear.set(year, closed);
  return closed;
}

/** A Toronto calendar day the college's office is open: Monday to Friday, not a statutory holiday (or its substitute). */
export function isBusinessDay(d: Day): boolean {
  const w = weekday(d);
  return w !== 0 && w !== 6 && !closedDays(d.year).has(key(d));
}

const opening = (d: Day) => torontoInstant(d.year, d.month, d.day, OPEN_HOUR);
const closing = (d: Day) => torontoInstant(d.year, d.month, d.day, CLOSE_HOUR);
export function dayOf(at: Date): Day {
  const w = wallTime(at);
  return { year: w.year, month: w.month, day: w.day };
}

/** Inside business hours: a business day, from 9:00 (included) to 17:00 (excluded), Toronto time. */
export function isBusinessTime(at: Date): boolean {
  const d = dayOf(at);
  return isBusinessDay(d) && at >= opening(d) && at < closing(d);
}

/** `at` itself inside business hours; otherwise the next opening (9:00 of the next business day). */
export function nextBusinessTime(at: Date): Date {
  let d = dayOf(at);
  if (isBusinessDay(d) && at < closing(d)) return at >= opening(d) ? at : opening(d);
  do d = plusDays(d, 1);
  while (!isBusinessDay(d));
  return opening(d);
}

/**
 * The instant `hours` business hours after `from` (fractions allowed). A result that would fall
 * exactly on a closing time is the next opening instead, so it is always business time.
 */
export function addBusinessHours(from: Date, hours: number): Date {
  let at = nextBusinessTime(from);
  // Whole milliseconds, as a Date holds: a fraction left over could land on the closing instant.
  let left = Math.round(Math.max(0, hours) * HOUR_MS);
  for (;;) {
    const available = closing(dayOf(at)).getTime() - at.getTime();
    if (left < available) return new Date(at.getTime() + left);
    left -= available;
    at = nextBusinessTime(closing(dayOf(at)));
  }
}

/**
 * The same Toronto time of day on the `days`-th business day after `from`'s day, moved into
 * business hours (to the next opening) when that time is outside them.
 */
export function addBusinessDays(from: Date, days: number): Date {
  const w = wallTime(from);
  let d: Day = { year: w.year, month: w.month, day: w.day };
  for (let counted = 0; counted < days;) {
    d = plusDays(d, 1);
    if (isBusinessDay(d)) counted += 1;
  }
  // Seconds and milliseconds carry over as they are: Toronto's offsets are whole hours.
  const sameTime = torontoInstant(d.year, d.month, d.day, w.hour, w.minute).getTime() + (from.getTime() % 60_000);
  return nextBusinessTime(new Date(sameTime));
}

/** Business hours (fractional) between two instants; 0 when `to` is not after `from`. */
export function businessHoursBetween(from: Date, to: Date): number {
  if (to <= from) return 0;
  let total = 0;
  let d = dayOf(from);
  const last = key(dayOf(to));
  for (;;) {
    if (isBusinessDay(d)) {
      const start = Math.max(opening(d).getTime(), from.getTime());
      const end = Math.min(closing(d).getTime(), to.getTime());
      if (end > start) total += end - start;
    }
    if (key(d) >= last) return total / HOUR_MS;
    d = plusDays(d, 1);
  }
}
