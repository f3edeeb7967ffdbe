/**
 * The site's calls to our API (paths of DESIGN.md and src/contract.ts). The API is served from the
 * same origin as the site, so the base is `/api`. Each read is a request object whose `path` is
 * also its key among the answers a server-rendered page carries (see pageData.ts): the paths are
 * written exactly as the server's in-memory catalogue keys them.
 */
import { apiFetch } from '../../src/api-client';
import type {
  Announcement,
  BannerOffer,
  CategoryListingPage,
  CourseDetail,
  CourseSummary,
  FullTimeNames,
  Intake,
  PartTimeNames,
} from '../../src/contract';
import type { SearchAnswer } from '../../src/search-contract';
import type { ProgramKpi, Professor } from '../../src/catalogue-content';

export const API_BASE = '/api';

export interface ApiRequest<T> {
  /** The path after `/api`, query included. */
  path: string;
  load: (signal?: AbortSignal) => Promise<T>;
}

const request = <T>(path: string): ApiRequest<T> => ({
  path,
  load: (signal) => apiFetch<T>(API_BASE, path, signal ? { signal } : {}),
});
const enc = encodeURIComponent;

export const siteApi = {
  fullTimeNames: () => request<FullTimeNames>('/courses/names-website?course_type=1'),
  partTimeNames: () => request<PartTimeNames>('/courses/names-website?course_type=2'),
  /** A course type's active courses with their summaries (`/courses` itself is the widget's lean list). */
  coursesOfType: (courseType: 1 | 2) => request<CourseSummary[]>(`/courses/search?course_type=${courseType}`),
  /** The same, at most `perCategory` per category (what a listing page shows). */
  listingOfType: (courseType: 1 | 2, perCategory: number) =>
    request<CourseSummary[]>(`/courses/search?course_type=${courseType}&per_category=${perCategory}`),
  course: (slug: string) => request<CourseDetail>(`/courses/slug/${enc(slug)}`),
  /** One page of a category's courses (CATEGORY_PAGE_SIZE each). */
  category: (courseType: 1 | 2, slug: string, subSlug: string | null, page: number) =>
    request<CategoryListingPage>(`/categories/${courseType}/${enc(slug)}${subSlug ? `/${enc(subSlug)}` : ''}?page=${page}`),
  /** Upcoming intakes; both filters always present (empty for "all"), as the catalogue keys them. */
  intakes: (filter: { courseType?: string; deliveryMode?: string }) =>
    request<Intake[]>(`/intakes?course_type=${enc(filter.courseType ?? '')}&delivery_mode=${enc(filter.deliveryMode ?? '')}`),
  /** The next few intakes only (what the home page shows). */
  nextIntakes: () => request<Intake[]>('/intakes/next'),
  /** Newest first, ANNOUNCEMENTS_PAGE_SIZE per page; page 1 is `/announcements` itself. */
  announcements: (page = 1) => request<Announcement[]>(page === 1 ? '/announcements' : `/announcements?page=${page}`),
  bannerOffers: () => request<BannerOffer[]>('/banner-offers'),
  professors: () => request<Professor[]>('/professors'),
  kpi: () => request<ProgramKpi[]>('/kpi'),
  /** `exact`: the words as typed, without the server's corrections. */
  search: (q: string, exact = false) => request<SearchAnswer>(`/search?q=${enc(q)}${exact ? '&exact=1' : ''}`),
};
