/** Where a course's page lives, and how its facts read. */
import type { CourseSummary, Intake } from '../../src/contract';
import { COURSE_TYPES, DELIVERY_MODES, DURATION_UNITS, lookupTitle } from '../../src/lookups';

/** Full-time vocational /full-time/{slug}; non-vocational /full-time-courses-non-vocational/{slug};
 *  part-time /part-time-courses/{cat}/{sub}/{slug}; anything else /course/{slug}. */
export function coursePath(course: Pick<CourseSummary, 'slug' | 'course_type' | 'vocational' | 'category' | 'sub_category'>): string {
  if (course.course_type === 1) return course.vocational ? `/full-time/${course.slug}` : `/full-time-courses-non-vocational/${course.slug}`;
  if (course.course_type === 2 && course.category && course.sub_category) {
    return `/part-time-courses/${course.category.slug}/${course.sub_category.slug}/${course.slug}`;
  }
  return `/course/${course.slug}`;
}

/** "52 Weeks", "1 Day". */
export function formatDuration(duration: number, unit: number): string {
  const title = lookupTitle(DURATION_UNITS, unit);
  if (!title) return String(duration);
  return `${duration} ${title}${duration === 1 ? '' : 's'}`;
}

export const deliveryModeTitle = (id: number) => lookupTitle(DELIVERY_MODES, id);
export const courseTypeTitle = (id: number) => lookupTitle(COURSE_TYPES, id);

// One formatter, made once: toLocaleDateString builds a new one per call, which costs the
// calendar (hundreds of dates) noticeable main-thread time on a phone.
const DATE_FORMAT = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
const MONTH_FORMAT = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: 'long', timeZone: 'UTC' });

/** "September 8, 2025" from "2025-09-08", without time-zone drift. */
export function formatDate(isoDate: string): string {
  const [y, m, d] = isoDate.slice(0, 10).split('-').map(Number);
  if (!y || !m || !d) return isoDate;
  return DATE_FORMAT.format(new Date(Date.UTC(y, m - 1, d)));
}

/** "September 2026" from "2026-09". */
export function formatMonth(month: string): string {
  const [y, m] = month.split('-').map(Number);
  if (!y || !m) return month;
  return MONTH_FORMAT.format(new Date(Date.UTC(y, m - 1, 1)));
}

export function sortIntakes(intakes: Intake[]): Intake[] {
  return [...intakes].sort((a, b) => a.start_date.localeCompare(b.start_date));
}
