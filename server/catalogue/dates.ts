/**
 * Calendar dates as `YYYY-MM-DD` strings in the college's time zone (Toronto), so "today" and
 * "upcoming" do not depend on the server's TZ setting. Arithmetic is done in UTC on date-only
 * values, which has no daylight-saving surprises.
 */
export const COLLEGE_TIME_ZONE = 'America/Toronto';

const formatter = new Intl.DateTimeFormat('en-CA', {
  timeZone: COLLEGE_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today's date in Toronto, e.g. `2026-11-22`. */
export function todayIso(now: Date = new Date()): string {
  return formatter.format(now);
}

export function parseIso(date: string): Date {
  return new Date(`${date}T00:00:00Z`);
}

export function formatIso(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  const d = parseIso(date);
  d.setUTCDate(d.getUTCDate() + days);
  return formatIso(d);
}

export function addMonths(date: string, months: number): string {
  const d = parseIso(date);
  d.setUTCMonth(d.getUTCMonth() + months);
  return formatIso(d);
}

/** The `nth` (1-based) given weekday (0 Sunday … 6 Saturday) of a month (0-based). */
export function nthWeekdayOfMonth(year: number, month: number, weekday: number, nth: number): string {
  const first = new Date(Date.UTC(year, month, 1));
  const offset = (weekday - first.getUTCDay() + 7) % 7;
  return formatIso(new Date(Date.UTC(year, month, 1 + offset + (nth - 1) * 7)));
}
