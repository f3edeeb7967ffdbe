/**
 * The course calendar: upcoming intakes grouped by month, one month at a time (a month select
 * among the filters, the months before and after under the list), filterable by course type,
 * program and delivery mode. The filters are in the URL (calendarFilters.ts) and the
 * form is a plain GET form, so a filtered view renders on the server and works without JavaScript;
 * with JavaScript a change applies at once.
 */
import { useLocation, useSearch } from 'wouter';
import { formatMonth } from '../../lib/courses';
import { DELIVERY_MODES, INQUIRY_COURSE_TYPES } from '../../../src/lookups';
import { siteApi } from '../../lib/api';
import { useApi } from '../../lib/useApi';
import { ApplyBand } from '../components/ApplyBand';
import { PageHeader } from '../components/PageHeader';
import { ErrorNotice, Loading } from '../components/Status';
import { filtersUrl, groupByMonth, monthOf, programsOf, readFilters, type CalendarFilters } from './calendar/calendarFilters';
import { MonthPager } from './calendar/MonthPager';
import { MonthTable } from './calendar/MonthTable';
import { UpcomingEvents } from './events/UpcomingEvents';

export default function CalendarPage() {
  const filters = readFilters(useSearch());
  const [, navigate] = useLocation();
  const state = useApi(siteApi.intakes({ courseType: filters.type, deliveryMode: filters.mode }));
  const change = (next: Partial<CalendarFilters>) => navigate(filtersUrl({ ...filters, ...next }), { replace: true });
  const all = state.status === 'ready' ? state.data : [];
  const programs = programsOf(all);
  const chosen = filters.program ? all.filter((intake) => intake.course_slug === filters.program) : all;
  const months = groupByMonth(chosen);
  const { shown, previous, next } = monthOf(months, filters.month);
  return (
    <>
      <PageHeader
        title="Course Calendar"
        description="Upcoming start dates of our full-time programs and part-time courses, on campus and online."
        lead="Upcoming start dates for every program and course, month by month. Filter by course type, program and delivery mode."
        canonical="/calendar"
      />
      <div className="container page">
        <form
          className="filters"
          aria-label="Filter intakes"
          action="/calendar"
          method="get"
          onSubmit={(e) => {
            e.preventDefault();
            const data = new FormData(e.currentTarget);
            change({
              type: String(data.get('type') ?? ''),
              program: String(data.get('program') ?? ''),
              mode: String(data.get('mode') ?? ''),
              month: String(data.get('month') ?? ''),
            });
          }}
        >
          <div className="filter">
            <label htmlFor="filter-type">Course type</label>
            <select
              id="filter-type"
              name="type"
              value={filters.type}
              onChange={(e) => change({ type: e.currentTarget.value, program: '' })}
            >
              <option value="">All course types</option>
              {INQUIRY_COURSE_TYPES.map((t) => (
                <option key={t.id} value={String(t.id)}>
                  {t.title}
                </option>
              ))}
            </select>
          </div>
          <div className="filter">
            <label htmlFor="filter-program">Program</label>
            <select id="filter-program" name="program" value={filters.program} onChange={(e) => change({ program: e.currentTarget.value })}>
              <option value="">All programs and courses</option>
              {programs.map((p) => (
                <option key={p.slug} value={p.slug}>
                  {p.name}
                </option>
              ))}
            </select>
          </div>
          <div className="filter">
            <label htmlFor="filter-mode">Delivery mode</label>
            <select id="filter-mode" name="mode" value={filters.mode} onChange={(e) => change({ mode: e.currentTarget.value })}>
              <option value="">All delivery modes</option>
              {DELIVERY_MODES.map((m) => (
                <option key={m.id} value={String(m.id)}>
                  {m.title}
                </option>
              ))}
            </select>
          </div>
          <div className="filter">
            <label htmlFor="filter-month">Month</label>
            <select id="filter-month" name="month" value={shown?.month ?? ''} onChange={(e) => change({ month: e.currentTarget.value })}>
              {months.length === 0 && <option value="">No upcoming months</option>}
              {months.map((group) => (
                <option key={group.month} value={group.month}>
                  {formatMonth(group.month)} ({group.intakes.length})
                </option>
              ))}
            </select>
          </div>
          {/* Selecting applies at once with JavaScript; without it, this submits the GET form. */}
          <button type="submit" className="btn btn-outline filters-submit">
            Apply filters
          </button>
        </form>
        {state.status === 'loading' && <Loading label="Loading intakes…" />}
        {state.status === 'error' && <ErrorNotice message={state.error.message} />}
        {state.status === 'ready' && (
          <p className="result-count" role="status">
            {shown
              ? `${shown.intakes.length} of ${chosen.length} upcoming ${chosen.length === 1 ? 'intake' : 'intakes'} start in ${formatMonth(shown.month)}`
              : 'No upcoming intakes match these filters.'}
          </p>
        )}
        {shown && <MonthTable group={shown} />}
        <MonthPager filters={filters} previous={previous} next={next} />
        <UpcomingEvents limit={6} title="Information sessions and open houses" />
      </div>
      <ApplyBand />
    </>
  );
}
