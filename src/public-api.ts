/**
 * The public API's read paths (after `/api`), written once for both sides: the site requests
 * them (site/lib/api.ts) and embeds their answers in server-rendered pages under them, and the
 * server keys its in-memory catalogue answers by them (server/catalogue/public-read.ts), so a
 * page's data, the fast path's lookup and the Fastify route all name an answer the same way.
 * Each query parameter that matters is written in a fixed order; components are URL-encoded.
 */
import type { CourseTypeId, DeliveryModeId } from './lookups';

export const PUBLIC_API_BASE = '/api';

const enc = encodeURIComponent;
const pageQuery = (page: number | undefined) => (page === undefined ? '' : `?page=${page}`);

export const publicApiPaths = {
  /** The menus' course names of a course type (full-time or part-time). */
  names: (type: 1 | 2) => `/courses/names-website?course_type=${type}`,
  /** Every active course, lean (the widget's Course select). */
  courses: () => '/courses',
  /** A course type's active courses with their summaries; `perCategory` caps each category's. */
  coursesOfType: (type: CourseTypeId, perCategory?: number) =>
    `/courses/search?course_type=${type}${perCategory === undefined ? '' : `&per_category=${perCategory}`}`,
  course: (slug: string) => `/courses/slug/${enc(slug)}`,
  /** A category or sub-category; with `page`, one page of its courses. */
  category: (type: CourseTypeId, slug: string, subSlug?: string | null, page?: number) =>
    `/categories/${type}/${enc(slug)}${subSlug == null ? '' : `/${enc(subSlug)}`}${pageQuery(page)}`,
  /** The next few upcoming intakes, all types: the home page shows these and nothing more. */
  nextIntakes: () => '/intakes/next',
  /** Upcoming intakes; both filters always present (empty for "all"). */
  intakes: (type: CourseTypeId | string | null | undefined, mode: DeliveryModeId | string | null | undefined) =>
    `/intakes?course_type=${enc(String(type ?? ''))}&delivery_mode=${enc(String(mode ?? ''))}`,
  /** Without `page`: the newest ones. */
  announcements: (page?: number) => `/announcements${pageQuery(page)}`,
  bannerOffers: () => '/banner-offers',
  professors: () => '/professors',
  kpi: () => '/kpi',
  /** `exact`: the words as typed, without the server's corrections. */
  search: (q: string, exact = false) => `/search?q=${enc(q)}${exact ? '&exact=1' : ''}`,
};
