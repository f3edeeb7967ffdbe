/**
 * What a rendered page embeds of the menus' data. The names-website answers list every course
 * (the menus refresh from them once loaded, and the specification wants them complete), but a page shows at
 * most MENU_COURSES_PER_LIST per menu list: rendering and embedding all 10,000 would make every page
 * megabytes. So a page is rendered from, and embeds, the same answer with each course list cut to
 * one more than the menu shows (so "View all" renders the same from either) — keeping the course
 * the address names, whose name the breadcrumb shows.
 */
import type { CourseName, FullTimeNames, PartTimeNames } from '../../src/contract';
import { MENU_COURSES_PER_LIST } from '../../src/public-limits';

const NAMES_PATH = /^\/courses\/names-website\?course_type=([12])$/;

function cut(list: readonly CourseName[], keepSlug: string): CourseName[] {
  return list.filter((course, index) => index <= MENU_COURSES_PER_LIST || course.slug === keepSlug);
}

/** The menu data a page at `urlPath` embeds for API path `apiPath`; other answers pass unchanged. */
export function menuPageData(apiPath: string, data: unknown, urlPath: string): unknown {
  const type = NAMES_PATH.exec(apiPath)?.[1];
  if (!type) return data;
  const keep = urlPath.slice(urlPath.lastIndexOf('/') + 1);
  if (type === '1') {
    const names = data as FullTimeNames;
    return {
      ...names,
      vocational_courses: cut(names.vocational_courses, keep),
      non_vocational_courses: cut(names.non_vocational_courses, keep),
    };
  }
  const names = data as PartTimeNames;
  return {
    ...names,
    course_categories: names.course_categories.map((group) => ({ ...group, courses: cut(group.courses, keep) })),
    courses: cut(names.courses, keep),
  };
}
