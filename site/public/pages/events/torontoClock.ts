/**
 * Toronto's wall clock without ICU (issue 31). src/college-time.ts asks Intl.DateTimeFormat, and
 * creating a page's first Intl formatter makes Chromium load ICU's data: 60+ ms of main thread,
 * four times that on Lighthouse's throttled phone, the largest part of the Total Blocking Time of
 * every page that shows an event (see site/lib/courses.ts for the same lesson on dates). Toronto
 * keeps Eastern Time by the rules in force since 2007 (daylight time from the second Sunday of March
 * at 2:00 to the first Sunday of November at 2:00), which this applies by hand; the server's render
 * and the browser's hydration use this same code, so they always agree, and a unit test checks it
 * against ICU's time-zone data (test/unit/toronto-clock.test.ts).
 */
import type { WallTime } from '../../../../src/college-time';

const HOUR_MS = 3_600_000;
const STANDARD_OFFSET_MS = -5 * HOUR_MS;

/** The UTC instant of the `nth` Sunday (1-based) of a month at `localHour` Toronto time, given the offset then in force. */
function nthSunday(year: number, monthIndex: number, nth: number, localHour: number, offsetMs: number): number {
  const firstWeekday = new Date(Date.UTC(year, monthIndex, 1)).getUTCDay();
  const day = 1 + ((7 - firstWeekday) % 7) + (nth - 1) * 7;
  return Date.UTC(year, monthIndex, day, localHour) - offsetMs;
}

/** Toronto's offset from UTC at an instant, in milliseconds. */
export function torontoOffsetMs(instant: Date): number {
  const year = instant.getUTCFullYear();
  const start = nthSunday(year, 2, 2, 2, STANDARD_OFFSET_MS);
  const end = nthSunday(year, 10, 1, 2, STANDARD_OFFSET_MS + HOUR_MS);
  const time = instant.getTime();
  return time >= start && time < end ? STANDARD_OFFSET_MS + HOUR_MS : STANDARD_OFFSET_MS;
}

/** Year, month (1-12), day, hour (0-23), minute and second on a Toronto clock at `instant`. */
export function torontoWallTime(instant: Date): WallTime {
  const local = new Date(Math.floor(instant.getTime() / 1000) * 1000 + torontoOffsetMs(instant));
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
    second: local.getUTCSeconds(),
  };
}
