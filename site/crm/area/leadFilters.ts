/** The leads list's filters live in the URL (?stage=2&q=…&page=3): reloadable, shareable, Back works. */
import type { LeadQuery } from '../shared/api';

export const PAGE_SIZE = 20;
export const FILTER_KEYS = ['owner', 'stage', 'source', 'course_type', 'location', 'contact', 'origin', 'q'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];
export type Filters = Record<FilterKey, string>;

export function filtersFromSearch(search: string): { filters: Filters; page: number } {
  const params = new URLSearchParams(search);
  const filters = Object.fromEntries(FILTER_KEYS.map((key) => [key, params.get(key) ?? ''])) as Filters;
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  return { filters, page };
}

export function searchFromFilters(filters: Filters, page: number): string {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) if (filters[key]) params.set(key, filters[key]);
  if (page > 1) params.set('page', String(page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

export const NO_FILTERS: Filters = { owner: '', stage: '', source: '', course_type: '', location: '', contact: '', origin: '', q: '' };

export function leadQuery(filters: Filters, page: number): LeadQuery {
  return { ...filters, page, page_size: PAGE_SIZE };
}
