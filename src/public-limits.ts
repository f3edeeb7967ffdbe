/**
 * How much of a growing catalogue one public answer or one page shows. The seed's catalogue (33
 * courses, 4 announcements) fits inside every limit, so its pages look exactly as they always did;
 * at 10,000 courses these keep every page and list answer bounded. Shared by the server (which
 * serialises the bounded answers) and the site (which renders and links the rest).
 */

/** Courses shown per list in the Program & Courses menu; beyond it the list ends with "View all". */
export const MENU_COURSES_PER_LIST = 10;

/** Course cards per category on the full-time and part-time listing pages; the rest are on the category page. */
export const LISTING_COURSES_PER_CATEGORY = 12;

/** Course cards per page of a category or sub-category page (`?page=2` for the next ones). */
export const CATEGORY_PAGE_SIZE = 24;

/** Announcements per page of GET /api/announcements and the announcements page, newest first. */
export const ANNOUNCEMENTS_PAGE_SIZE = 10;

/** Search results per page (`limit`, at most this) and the deepest page (`page`) GET /api/search answers. */
export const SEARCH_MAX_LIMIT = 50;
export const SEARCH_MAX_PAGE = 10;

/** A `?page=` value as pages read it: a whole number from 1, anything else is page 1. */
export function pageNumber(value: string | null | undefined): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}
