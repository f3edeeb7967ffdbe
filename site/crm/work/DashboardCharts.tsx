/**
 * The dashboard's charts: leads per week by source (12 college weeks), the stage funnel, leads by
 * course type and by course, and the activity counts. Each chart has its data as a table below it
 * for screen readers and for anyone who wants the numbers.
 */
import { Link } from 'wouter';
import type { DashboardCharts as Charts } from '../../../src/crm-contract';
import { COURSE_TYPES, LEAD_SOURCES, LEAD_STAGES, lookupTitle } from '../../../src/lookups';
import { fetchDashboardCharts } from '../shared/work-api';
import { useStaffQuery } from '../shared/useStaffQuery';
import { LoadState } from '../area/PageHeading';
import { ChartCanvas, type BarChartProps } from './ChartCanvas';

const SOURCE_COLORS: Record<number, string> = { 1: '#0b4f9c', 3: '#d97706', 4: '#7c3aed' };
const BAR = '#0b4f9c';

/** "Nov 23" for a week's Monday (a date without a time: read at noon UTC, no zone shifts it). */
export const weekLabel = (day: string) =>
  new Intl.DateTimeFormat('en-CA', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`));

export function ChartCard({
  id,
  title,
  chart,
  columns,
  rows,
}: {
  id: string;
  title: string;
  chart: BarChartProps;
  columns: string[];
  rows: (string | number)[][];
}) {
  return (
    <section className="crm-card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <ChartCanvas {...chart} />
      <details className="crm-chart-data">
        <summary>
          Show the data<span className="crm-visually-hidden">: {title}</span>
        </summary>
        <table className="crm-data-table">
          <caption className="crm-visually-hidden">{title}</caption>
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c} scope="col">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={String(row[0])}>
                {row.map((cell, i) =>
                  i === 0 ? (
                    <th key={i} scope="row">
                      {cell}
                    </th>
                  ) : (
                    <td key={i}>{cell}</td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  );
}

function charts(data: Charts) {
  const weeks = data.weeks.map((w) => weekLabel(w.week_start));
  const perSource = LEAD_SOURCES.map((s) => data.weeks.map((w) => w.by_source.find((b) => b.source === s.id)?.count ?? 0));
  const total = perSource.flat().reduce((a, b) => a + b, 0);
  const typeLabel = (id: 1 | 2 | 3 | null) => (id === null ? 'Not chosen' : lookupTitle(COURSE_TYPES, id));
  return [
    <ChartCard
      key="weeks"
      id="chart-weeks"
      title="Leads per week by source (last 12 weeks)"
      chart={{
        labels: weeks,
        stacked: true,
        summary: `${total} leads in the last 12 weeks, by week and source.`,
        series: LEAD_SOURCES.map((s, i) => ({ label: s.title, data: perSource[i] ?? [], color: SOURCE_COLORS[s.id] ?? BAR })),
      }}
      columns={['Week of', ...LEAD_SOURCES.map((s) => s.title)]}
      rows={weeks.map((w, i) => [w, ...perSource.map((counts) => counts[i] ?? 0)])}
    />,
    <ChartCard
      key="funnel"
      id="chart-funnel"
      title="Stage funnel (all leads)"
      chart={{
        labels: LEAD_STAGES.map((s) => s.title),
        horizontal: true,
        summary: 'Leads by stage.',
        series: [{ label: 'Leads', data: data.funnel.map((f) => f.count), color: BAR }],
      }}
      columns={['Stage', 'Leads']}
      rows={data.funnel.map((f) => [lookupTitle(LEAD_STAGES, f.stage), f.count])}
    />,
    <ChartCard
      key="types"
      id="chart-types"
      title="Leads by course type"
      chart={{
        labels: data.by_course_type.map((t) => typeLabel(t.course_type)),
        summary: 'Leads by course type.',
        series: [{ label: 'Leads', data: data.by_course_type.map((t) => t.count), color: BAR }],
      }}
      columns={['Course type', 'Leads']}
      rows={data.by_course_type.map((t) => [typeLabel(t.course_type), t.count])}
    />,
    <ChartCard
      key="courses"
      id="chart-courses"
      title="Leads by course (top 10)"
      chart={{
        labels: data.by_course.map((c) => c.course_name),
        horizontal: true,
        summary: 'The ten courses with the most leads.',
        series: [{ label: 'Leads', data: data.by_course.map((c) => c.count), color: BAR }],
      }}
      columns={['Course', 'Leads']}
      rows={data.by_course.map((c) => [c.course_name, c.count])}
    />,
  ];
}

export function DashboardCharts() {
  const { data, error, loading } = useStaffQuery((signal) => fetchDashboardCharts(signal), 'dashboard-charts');
  if (!data) return <LoadState loading={loading} error={error} />;
  const { mine, everyone } = data.activities;
  return (
    <>
      <ul className="crm-stat-row" aria-label="Open activities">
        <li>
          <Link href="/activities?owner=me&due=10&state=open">
            <strong>{mine.overdue}</strong> overdue (mine)
          </Link>
        </li>
        <li>
          <Link href="/activities?owner=me&due=1&state=open">
            <strong>{mine.due_today}</strong> due today (mine)
          </Link>
        </li>
        <li>
          <Link href="/activities?owner=all&due=10&state=open">
            <strong>{everyone.overdue}</strong> overdue (everyone)
          </Link>
        </li>
        <li>
          <Link href="/activities?owner=all&due=1&state=open">
            <strong>{everyone.due_today}</strong> due today (everyone)
          </Link>
        </li>
      </ul>
      <div className="crm-chart-grid">{charts(data)}</div>
    </>
  );
}
