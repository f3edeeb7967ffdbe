/**
 * The site's calls to our API (paths of DESIGN.md and src/contract.ts). The API is served from the
 * same origin as the site, so the base is `/api`.
 */
import { apiFetch } from '../../src/api-client';
import type {
  Announcement,
  BannerOffer,
  CategoryListing,
  CourseDetail,
  CourseSummary,
  FullTimeNames,
  Intake,
  PartTimeNames,
  SearchAnswer,
} from '../../src/contract';

export const API_BASE = '/api';

const get = <T>(path: string, signal?: AbortSignal) => apiFetch<T>(API_BASE, path, signal ? { signal } : {});
const enc = encodeURIComponent;

export const siteApi = {
  fullTimeNames: (signal?: AbortSignal) => get<FullTimeNames>('/courses/names-website?course_type=1', signal),
  partTimeNames: (signal?: AbortSignal) => get<PartTimeNames>('/courses/names-website?course_type=2', signal),
  coursesOfType: (courseType: 1 | 2, signal?: AbortSignal) => get<CourseSummary[]>(`/courses/search?course_type=${courseType}`, signal),
  course: (slug: string, signal?: AbortSignal) => get<CourseDetail>(`/courses/slug/${enc(slug)}`, signal),
  category: (courseType: 1 | 2, slug: string, subSlug: string | null, signal?: AbortSignal) =>
    get<CategoryListing>(`/categories/${courseType}/${enc(slug)}${subSlug ? `/${enc(subSlug)}` : ''}`, signal),
  intakes: (filter: { courseType?: string; deliveryMode?: string }, signal?: AbortSignal) => {
    const query = new URLSearchParams();
    if (filter.courseType) query.set('course_type', filter.courseType);
    if (filter.deliveryMode) query.set('delivery_mode', filter.deliveryMode);
    const qs = query.toString();
    return get<Intake[]>(`/intakes${qs ? `?${qs}` : ''}`, signal);
  },
  announcements: (signal?: AbortSignal) => get<Announcement[]>('/announcements', signal),
  bannerOffers: (signal?: AbortSignal) => get<BannerOffer[]>('/banner-offers', signal),
  search: (q: string, signal?: AbortSignal) => get<SearchAnswer>(`/search?q=${enc(q)}`, signal),
};
