/**
 * The dashboard's Events section (issue 24): registered → attended → applied (stage reached), per
 * event and per Toronto month, each a chart with its data table (the dashboard's ChartCard).
 */
import type { EventsReport } from '../../../src/events-contract';
import { LoadState } from '../area/PageHeading';
import { formatDate } from '../area/labels';
import { useStaffQuery } from '../shared/useStaffQuery';
import { ChartCard } from '../work/DashboardCharts';
import type { BarSeries } from '../work/ChartCanvas';
import { fetchEventsReport } from './events-api';

const COLUMNS = ['Registered', 'Attended', 'Applied'];
type Row = { registered: number; attended: number; applied: number };

const series = (rows: Row[]): BarSeries[] => [
  { label: 'Registered', data: rows.map((r) => r.registered), color: '#0b4f9c' },
  { label: 'Attended', data: rows.map((r) => r.attended), color: '#d97706' },
  { label: 'Applied', data: rows.map((r) => r.applied), color: '#15803d' },
];

/** "Nov 2026" of a 'YYYY-MM' month (read at mid-month noon UTC: no zone moves it). */
const monthLabel = (month: string) =>
  new Intl.DateTimeFormat('en-CA', { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-15T12:00:00Z`));

/** Chart axes clip long names: the chart shows a short one, the table the whole. */
const short = (label: string) => (label.length > 28 ? `${label.slice(0, 27)}…` : label);

const total = (rows: Row[], key: keyof Row) => rows.reduce((sum, r) => sum + r[key], 0);

function cards(report: EventsReport) {
  const eventLabels = report.events.map((e) => `${e.title} (${formatDate(e.starts_at)})`);
  const months = report.months.map((m) => monthLabel(m.month));
  return [
    <ChartCard
      key="events"
      id="chart-events"
      title="Events: registered, attended, applied"
      chart={{
        labels: report.events.map((e) => `${short(e.title)} ${formatDate(e.starts_at)}`),
        horizontal: true,
        summary: `${total(report.events, 'registered')} registered, ${total(report.events, 'attended')} attended and ${total(report.events, 'applied')} applied, over ${report.events.length} events.`,
        series: series(report.events),
      }}
      columns={['Event', ...COLUMNS]}
      rows={report.events.map((e, i) => [eventLabels[i] ?? e.title, e.registered, e.attended, e.applied])}
    />,
    <ChartCard
      key="event-months"
      id="chart-event-months"
      title="Events by month: registered, attended, applied"
      chart={{
        labels: months,
        summary: `Event registrations, attendance and applications by month, last ${report.months.length} months.`,
        series: series(report.months),
      }}
      columns={['Month', ...COLUMNS]}
      rows={report.months.map((m, i) => [months[i] ?? m.month, m.registered, m.attended, m.applied])}
    />,
  ];
}

export function EventsReportCharts() {
  const { data, error, loading } = useStaffQuery((signal) => fetchEventsReport(signal), 'events-report');
  if (!data) return <LoadState loading={loading} error={error} />;
  return <div className="crm-chart-grid">{cards(data)}</div>;
}
