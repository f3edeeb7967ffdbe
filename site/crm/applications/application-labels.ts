/** Words and small helpers of the CRM's application pages (issue 33). */
import { APPLICATION_STATUSES, applicationStatusTitle, type ApplicationStatus } from '../../../src/application-contract';
import type { ApplicationFilters } from './applications-api';

export { applicationStatusTitle };

export const SORT_KEYS = ['name', 'status', 'created', 'updated'] as const;
export type SortKey = (typeof SORT_KEYS)[number];

export const NO_FILTERS: ApplicationFilters = { status: '', program: '', owner: '', sort: 'updated', dir: 'desc', page: 1 };

export function filtersFromSearch(search: string): ApplicationFilters {
  const params = new URLSearchParams(search);
  const text = (key: keyof ApplicationFilters, fallback: string) => params.get(key) ?? fallback;
  const page = Number(params.get('page') ?? '1');
  return {
    status: text('status', ''),
    program: text('program', ''),
    owner: text('owner', ''),
    sort: text('sort', 'updated'),
    dir: text('dir', 'desc'),
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

/** "3 days", "today": how long ago the application was started. */
export function ageText(createdAt: string, now = Date.now()): string {
  const days = Math.floor((now - new Date(createdAt).getTime()) / 86_400_000);
  if (days <= 0) return 'today';
  return days === 1 ? '1 day' : `${days} days`;
}

export const statusList = APPLICATION_STATUSES;

export const statusClass = (status: ApplicationStatus) => `crm-status crm-app-status crm-app-status--${status}`;

const DATE = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto', year: 'numeric', month: 'short', day: 'numeric' });
export const dateText = (iso: string) => DATE.format(new Date(iso));
