/**
 * The site's calls to our API (paths of requirements R-calls and src/contract.ts). The API is served from the
 * same origin as the site, so the base is `/api`. Each read is a request object whose `path` is
 * also its key among the answers a server-rendered page carries (see pageData.ts): the paths come
 * from src/public-api.ts, which the server's in-memory catalogue keys its answers by too.
 */
import { apiFetch } from '../../src/api-client';
import { PUBLIC_API_BASE, publicApiPaths } from '../../src/public-api';
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
import { eventPaths, type PublicEvent, type PublicEventList, type RegistrationByToken } from '../../src/events-contract';
import type { ProgramKpi, Professor } from '../../src/catalogue-content';

export const API_BASE = PUBLIC_API_BASE;

export interface ApiRequest<T> {
  /** The path after `/api`, query included. */
  path: string;
  load: (signal?: AbortSignal) => Promise<T>;
}

const request = <T>(path: string): ApiRequest<T> => ({
  path,
  load: (signal) => apiFetch<T>(API_BASE, path, signal ? { signal } : {}),
});
const paths = publicApiPaths;

export const siteApi = {
  fullTimeNames: () => request<FullTimeNames>(paths.names(1)),
  partTimeNames: () => request<PartTimeNames>(paths.names(2)),
  /** A course type's active courses with their summaries (`/courses` itself is the widget's lean list). */
  coursesOfType: (courseType: 1 | 2) => request<CourseSummary[]>(paths.coursesOfType(courseType)),
  /** The same, at most `perCategory` per category (what a listing page shows). */
  listingOfType: (courseType: 1 | 2, perCategory: number) => request<CourseSummary[]>(paths.coursesOfType(courseType, perCategory)),
  course: (slug: string) => request<CourseDetail>(paths.course(slug)),
  /** One page of a category's courses (CATEGORY_PAGE_SIZE each). */
  category: (courseType: 1 | 2, slug: string, subSlug: string | null, page: number) =>
    request<CategoryListingPage>(paths.category(courseType, slug, subSlug, page)),
  /** Upcoming intakes; both filters always present (empty for "all"), as the catalogue keys them. */
  intakes: (filter: { courseType?: string; deliveryMode?: string }) =>
    request<Intake[]>(paths.intakes(filter.courseType, filter.deliveryMode)),
  /** The next few intakes only (what the home page shows). */
  nextIntakes: () => request<Intake[]>(paths.nextIntakes()),
  /** Newest first, ANNOUNCEMENTS_PAGE_SIZE per page; page 1 is `/announcements` itself. */
  announcements: (page = 1) => request<Announcement[]>(paths.announcements(page === 1 ? undefined : page)),
  bannerOffers: () => request<BannerOffer[]>(paths.bannerOffers()),
  professors: () => request<Professor[]>(paths.professors()),
  kpi: () => request<ProgramKpi[]>(paths.kpi()),
  /** `exact`: the words as typed, without the server's corrections. */
  search: (q: string, exact = false) => request<SearchAnswer>(paths.search(q, exact)),
  /** Every upcoming event (issue 24); pages filter it themselves, so one answer serves them all. */
  events: () => request<PublicEventList>(eventPaths.list()),
  event: (slug: string) => request<PublicEvent>(eventPaths.bySlug(slug)),
  /** A registration by its cancel link's token (no sign-in). */
  registration: (token: string) => request<RegistrationByToken>(eventPaths.registration(token)),
};
