/**
 * The addresses the catalogue answers besides its pages: permanent redirects (the seed's and every
 * renamed slug's, from url_redirects) and the pages of inactive courses, which answer 410 Gone
 * with a pointer to their listing. Built with each catalogue load; never listed anywhere.
 */
import type { CatalogueData, CategoryRow, CourseRow } from './load';
import { coursePath } from '../../src/course-path';

/** A withdrawn (inactive) course's page and detail answer 410 Gone with this message. */
export const COURSE_GONE_MESSAGE = 'This course is no longer offered.';

/** Where a withdrawn course's visitors are sent: its category's page, else its type's listing. */
export interface GoneCourse {
  course_name: string;
  slug: string;
  listing: { name: string; path: string };
}

export interface SiteAddresses {
  redirects: Map<string, string>;
  goneByPath: Map<string, GoneCourse>;
  goneBySlug: Map<string, GoneCourse>;
}

function listingOf(course: CourseRow, category: CategoryRow | null, sub: CategoryRow | null): GoneCourse['listing'] {
  if (course.course_type === 1 && course.vocational && category)
    return { name: category.name, path: `/full-time-courses/${category.slug}` };
  if (course.course_type === 1) {
    return course.vocational
      ? { name: 'Full Time Vocational Programs', path: '/full-time-courses' }
      : { name: 'Full Time Non Vocational Programs', path: '/full-time-courses-non-vocational' };
  }
  if (course.course_type === 2 && category && sub) return { name: sub.name, path: `/part-time-courses/${category.slug}/${sub.slug}` };
  if (course.course_type === 2 && category) return { name: category.name, path: `/part-time-courses/${category.slug}` };
  return { name: 'Part Time Courses', path: '/part-time-courses' };
}

export function buildSiteAddresses(data: CatalogueData): SiteAddresses {
  const categories = new Map(data.categories.map((row) => [row.id, row]));
  const goneByPath = new Map<string, GoneCourse>();
  const goneBySlug = new Map<string, GoneCourse>();
  for (const row of data.inactiveCourses) {
    const category = (row.category_id && categories.get(row.category_id)) || null;
    const sub = (row.sub_category_id && categories.get(row.sub_category_id)) || null;
    const gone: GoneCourse = { course_name: row.course_name, slug: row.slug, listing: listingOf(row, category, sub) };
    goneByPath.set(coursePath(row, category, sub), gone);
    goneByPath.set(`/course/${row.slug}`, gone);
    goneBySlug.set(row.slug, gone);
  }
  const redirects = new Map(data.redirects.map((row) => [row.from_path, row.to_path]));
  return { redirects, goneByPath, goneBySlug };
}

/** A path without its trailing slash (the root stays `/`). */
export const withoutTrailingSlash = (path: string) => (path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path);
