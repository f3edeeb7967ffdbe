/**
 * Where a course's page lives on the site. One function for the server (which stores the path in
 * every course summary, the sitemap and search) and the site (course cards), so the two never
 * disagree about a URL.
 */
import type { CourseTypeId } from './lookups';

/** The fields of a course its address depends on (a catalogue row or a course summary). */
export interface CourseAddress {
  slug: string;
  course_type: CourseTypeId;
  vocational: boolean;
}

/** Full-time vocational /full-time/{slug}; non-vocational /full-time-courses-non-vocational/{slug};
 *  part-time /part-time-courses/{cat}/{sub}/{slug}; anything else /course/{slug}. */
export function coursePath(course: CourseAddress, category: { slug: string } | null, sub: { slug: string } | null): string {
  if (course.course_type === 1) {
    return course.vocational ? `/full-time/${course.slug}` : `/full-time-courses-non-vocational/${course.slug}`;
  }
  if (course.course_type === 2 && category && sub) return `/part-time-courses/${category.slug}/${sub.slug}/${course.slug}`;
  return `/course/${course.slug}`;
}
