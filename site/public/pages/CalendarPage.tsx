/**
 * The course calendar: upcoming intakes grouped by month, a few months at a time, filterable by
 * course type, program and delivery mode. The filters are in the URL (calendarFilters.ts) and the
 * form is a plain GET form, so a filtered view renders on the server and works without JavaScript;
 * with JavaScript a change applies at once.
 */
import { Link, useLocation, useSearch } from 'wouter';
import { DELIVERY_MODES, INQUIRY_COURSE_TYPES } from '../../../src/lookups';
import { siteApi } from '../../lib/api';
import { useApi } from '../../lib/useApi';
import { ApplyBand } from '../components/ApplyBand';
import { PageHeader } from '../components/PageHeader';
import { ErrorNotice, Loading } from '../components/Status';
import { filtersUrl, groupByMonth, MONTHS_STEP, programsOf, readFilters, type CalendarFilters } from './calendar/calendarFilters';
import { MonthTable } from './calendar/MonthTable';

export default function CalendarPage() {
  const filters = readFilters(useSearch());
  const [, navigate] = useLocation();
  const state = useApi(siteApi.intakes({ courseType: filters.type, deliveryMode: filters.mode }));
  const change = (next: Partial<CalendarFilters>) => navigate(filtersUrl({ ...filters, months: MONTHS_STEP, ...next }), { replace: true });
  const all = state.status === 'ready' ? state.data : [];
  const programs = programsOf(all);
  const chosen = filters.program ? all.filter((intake) => intake.course_slug === filters.program) : all;
  const months = groupByMonth(chosen);
  const shown = months.slice(0, filters.months);
  return (
    <>
      <PageHeader
        title="Course Calendar"
        description="Upcoming start dates of our full-time programs and part-time courses, on campus and online."
        lead="Upcoming start dates for every program and course, month by month. Filter by course type, program and delivery mode."
        canonical="/calendar"
      />
      <div className="container page">
        <form className="filters" aria-label="Filter intakes" action="/calendar" method="get" onSubmit={(e) => {
            e.preventDefault();
            const data = new FormData(e.currentTarget);
            change({ type: String(data.get('type') ?? ''), program: String(data.get('program') ?? ''), mode: String(data.get('mode') ?? '') });
          }}>
          <div className="filter">
            <label htmlFor="filter-type">Course type</label>
            <select id="filter-type" name="type" value={filters.type} onChange={(e) => change({ type: e.currentTarget.value, program: '' })}>
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
          {/* Selecting applies at once with JavaScript; without it, this submits the GET form. */}
          <button type="submit" className="btn btn-outline filters-submit">
            Apply filters
          </button>
        </form>
        {state.status === 'loading' && <Loading label="Loading intakes…" />}
        {state.status === 'error' && <ErrorNotice message={state.error.message} />}
        {state.status === 'ready' && (
          <p className="result-count" role="status">
            {chosen.length === 0 ? 'No upcoming intakes match these filters.' : `${chosen.length} upcoming ${chosen.length === 1 ? 'intake' : 'intakes'}`}
          </p>
        )}
        {shown.map((group) => (
          <MonthTable key={group.month} group={group} />
        ))}
        {months.length > shown.length && (
          <p>
            <Link href={filtersUrl({ ...filters, months: filters.months + MONTHS_STEP })} className="btn btn-outline">
              Show later months
            </Link>
          </p>
        )}
      </div>
      <ApplyBand />
    </>
  );
}
