/**
 * Speed to lead on the dashboard (issue 23): median business hours from inquiry to first call,
 * e-mail or meeting, by week (12 college weeks) and by owner, each chart with its data table.
 * Leads not contacted yet have no time: the tables show how many were contacted of how many.
 */
import type { FirstContactMedians } from '../../../src/assignment-contract';
import { useStaffQuery } from '../shared/useStaffQuery';
import { LoadState } from '../area/PageHeading';
import { ChartCard, weekLabel } from '../work/DashboardCharts';
import { fetchFirstContact } from './assignment-api';

const BAR = '#0b4f9c';
const hoursText = (h: number | null) => (h === null ? '—' : `${h} h`);

function cards(data: FirstContactMedians) {
  const weeks = data.by_week.map((w) => weekLabel(w.week));
  return [
    <ChartCard
      key="first-contact-weeks"
      id="chart-first-contact-weeks"
      title="Median time to first contact by week (business hours)"
      chart={{
        labels: weeks,
        summary: 'Median business hours from inquiry to first contact, by week of inquiry, last 12 weeks.',
        series: [{ label: 'Median business hours', data: data.by_week.map((w) => w.median_hours ?? 0), color: BAR }],
      }}
      columns={['Week of', 'Median', 'Contacted', 'Leads']}
      rows={data.by_week.map((w, i) => [weeks[i] ?? w.week, hoursText(w.median_hours), w.contacted, w.leads])}
    />,
    <ChartCard
      key="first-contact-owners"
      id="chart-first-contact-owners"
      title="Median time to first contact by counsellor (business hours)"
      chart={{
        labels: data.by_counsellor.map((c) => c.name),
        horizontal: true,
        summary: 'Median business hours from inquiry to first contact, by owner, last 12 weeks.',
        series: [{ label: 'Median business hours', data: data.by_counsellor.map((c) => c.median_hours ?? 0), color: BAR }],
      }}
      columns={['Counsellor', 'Median', 'Contacted', 'Leads']}
      rows={data.by_counsellor.map((c) => [c.name, hoursText(c.median_hours), c.contacted, c.leads])}
    />,
  ];
}

export function FirstContactCharts() {
  const { data, error, loading } = useStaffQuery((signal) => fetchFirstContact(signal), 'first-contact');
  if (!data) return <LoadState loading={loading} error={error} />;
  return <div className="crm-chart-grid">{cards(data)}</div>;
}
