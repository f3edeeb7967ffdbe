/** How a course's facts read (its address is src/course-path.ts). */
import type { Intake } from '../../src/contract';
import { COURSE_TYPES, DELIVERY_MODES, DURATION_UNITS, lookupTitle } from '../../src/lookups';
import { compareText } from './compare';

/** "52 Weeks", "1 Day". */
export function formatDuration(duration: number, unit: number): string {
  const title = lookupTitle(DURATION_UNITS, unit);
  if (!title) return String(duration);
  return `${duration} ${title}${duration === 1 ? '' : 's'}`;
}

export const deliveryModeTitle = (id: number) => lookupTitle(DELIVERY_MODES, id);
export const courseTypeTitle = (id: number) => lookupTitle(COURSE_TYPES, id);

// Dates are formatted by hand, in the en-CA long style ("September 8, 2025"), not with
// Intl.DateTimeFormat: creating the first formatter loads ICU's locale data, which measured
// 60+ ms of main thread in the page's own chunk (250 ms on Lighthouse's throttled phone), the
// largest part of its Total Blocking Time. The output is identical for the dates we show.
const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** "September 8, 2025" from "2025-09-08", without time-zone drift. */
export function formatDate(isoDate: string): string {
  const [y, m, d] = isoDate.slice(0, 10).split('-').map(Number);
  const month = m ? MONTH_NAMES[m - 1] : undefined;
  if (!y || !month || !d || d > 31) return isoDate;
  return `${month} ${d}, ${y}`;
}

/** "September 2026" from "2026-09". */
export function formatMonth(value: string): string {
  const [y, m] = value.split('-').map(Number);
  const month = m ? MONTH_NAMES[m - 1] : undefined;
  if (!y || !month) return value;
  return `${month} ${y}`;
}

export function sortIntakes(intakes: Intake[]): Intake[] {
  return [...intakes].sort((a, b) => compareText(a.start_date, b.start_date));
}
