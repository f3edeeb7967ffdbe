/**
 * The links to the month before and after the one shown, under its intakes, so the next month is
 * in reach where the reader finished (plain links: they work before hydration and without JS).
 */
import { Link } from 'wouter';
import { formatMonth } from '../../../lib/courses';
import { filtersUrl, type CalendarFilters, type MonthGroup } from './calendarFilters';

interface MonthPagerProps {
  filters: CalendarFilters;
  previous: MonthGroup | undefined;
  next: MonthGroup | undefined;
}

export function MonthPager({ filters, previous, next }: MonthPagerProps) {
  if (!previous && !next) return null;
  return (
    <nav className="month-pager" aria-label="Other months">
      {previous && (
        <Link href={filtersUrl({ ...filters, month: previous.month })} className="btn btn-outline month-prev">
          <span aria-hidden="true">← </span>
          {formatMonth(previous.month)}
        </Link>
      )}
      {next && (
        <Link href={filtersUrl({ ...filters, month: next.month })} className="btn btn-outline month-next">
          {formatMonth(next.month)}
          <span aria-hidden="true"> →</span>
        </Link>
      )}
    </nav>
  );
}
