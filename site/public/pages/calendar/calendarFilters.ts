/**
 * The calendar's filters live in the URL (`/calendar?type=2&program=ccna&mode=1&month=2027-03`),
 * so a filtered view can be shared, and the server renders it. The calendar shows one month at a
 * time (a phone would otherwise scroll through hundreds of intakes): `month` picks it, the first
 * upcoming month when absent or when it has no intakes. Pure functions, shared by the page and
 * its tests.
 */
import type { Intake } from '../../../../src/contract';
import { compareText } from '../../../lib/compare';

export interface CalendarFilters {
  /** Course type id as text ('' = all). */
  type: string;
  /** Course slug ('' = all). */
  program: string;
  /** Delivery mode id as text ('' = all). */
  mode: string;
  /** The month shown, `YYYY-MM` ('' = the first upcoming month). */
  month: string;
}

export function readFilters(search: string): CalendarFilters {
  const query = new URLSearchParams(search);
  const pick = (name: string, allowed: RegExp) => {
    const value = query.get(name) ?? '';
    return allowed.test(value) ? value : '';
  };
  return {
    type: pick('type', /^[12]$/),
    program: pick('program', /^[a-z0-9-]{1,120}$/),
    mode: pick('mode', /^[12]$/),
    month: pick('month', /^\d{4}-(0[1-9]|1[0-2])$/),
  };
}

/** The calendar URL of a filter set; defaults are left out so the plain calendar stays `/calendar`. */
export function filtersUrl(filters: CalendarFilters): string {
  const query = new URLSearchParams();
  if (filters.type) query.set('type', filters.type);
  if (filters.program) query.set('program', filters.program);
  if (filters.mode) query.set('mode', filters.mode);
  if (filters.month) query.set('month', filters.month);
  const qs = query.toString();
  return `/calendar${qs ? `?${qs}` : ''}`;
}

export interface MonthGroup {
  /** `YYYY-MM`. */
  month: string;
  intakes: Intake[];
}

/** Intakes sorted by start date, grouped by the month they start in. */
export function groupByMonth(intakes: readonly Intake[]): MonthGroup[] {
  const sorted = [...intakes].sort((a, b) => compareText(a.start_date, b.start_date) || compareText(a.course_name, b.course_name));
  const groups: MonthGroup[] = [];
  for (const intake of sorted) {
    const month = intake.start_date.slice(0, 7);
    const last = groups[groups.length - 1];
    if (last && last.month === month) last.intakes.push(intake);
    else groups.push({ month, intakes: [intake] });
  }
  return groups;
}

/** The programs that have intakes in a list, for the program filter (name order, one each). */
export function programsOf(intakes: readonly Intake[]): { slug: string; name: string }[] {
  const seen = new Map<string, string>();
  for (const intake of intakes) seen.set(intake.course_slug, intake.course_name);
  return [...seen].map(([slug, name]) => ({ slug, name })).sort((a, b) => compareText(a.name, b.name));
}

/** The month a filter set shows (its `month`, else the first), with the months before and after it. */
export function monthOf(
  months: readonly MonthGroup[],
  month: string,
): { shown: MonthGroup | undefined; previous: MonthGroup | undefined; next: MonthGroup | undefined } {
  const found = months.findIndex((group) => group.month === month);
  const index = found === -1 ? 0 : found;
  return { shown: months[index], previous: months[index - 1], next: months[index + 1] };
}
