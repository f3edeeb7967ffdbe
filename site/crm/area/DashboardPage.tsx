/** The dashboard: leads of the last 30 days by stage and by source, and the newest leads; for admins, a stale backup. */
import { Link } from 'wouter';
import { LEAD_SOURCES, LEAD_STAGES, type Lookup } from '../../../src/lookups';
import { fetchDashboard } from '../shared/api';
import { usePageTitle } from '../shared/usePageTitle';
import { useStaffQuery } from '../shared/useStaffQuery';
import { formatDate } from './labels';
import { LeadsTable } from './LeadsTable';
import { LoadState, PageHeading } from './PageHeading';
import { DashboardCharts } from '../work/DashboardCharts';
import { FirstContactCharts } from '../assignment/FirstContactCharts';
import { OriginCard } from '../merge/OriginViews';
import { EventsReportCharts } from '../events/EventsReportCharts';
import { isAdmin, useOwnAccount } from '../stores/permissions';
import { BackupNotice } from './BackupNotice';
import { ApplicationCountsCard } from '../applications/ApplicationCountsCard';

interface Count {
  id: number;
  count: number;
}

function CountCard({ title, list, counts, id }: { title: string; list: readonly Lookup[]; counts: Count[]; id: string }) {
  const total = counts.reduce((sum, c) => sum + c.count, 0);
  return (
    <section className="crm-card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <ul className="crm-counts">
        {list.map((entry) => {
          const count = counts.find((c) => c.id === entry.id)?.count ?? 0;
          return (
            <li key={entry.id}>
              <span>{entry.title}</span>
              <span className="crm-counts__value">{count}</span>
            </li>
          );
        })}
        <li className="crm-counts__total">
          <span>Total</span>
          <span className="crm-counts__value">{total}</span>
        </li>
      </ul>
    </section>
  );
}

export function DashboardPage() {
  usePageTitle('Dashboard');
  const { data, error, loading } = useStaffQuery((signal) => fetchDashboard(signal), 'dashboard');
  const account = useOwnAccount();

  return (
    <>
      <PageHeading>Dashboard</PageHeading>
      {isAdmin(account) ? <BackupNotice /> : null}
      <DashboardCharts />
      <FirstContactCharts />
      <EventsReportCharts />
      <LoadState loading={loading && !data} error={error} />
      {data ? (
        <>
          <p className="crm-muted">Leads received in the last 30 days, since {formatDate(data.since)}.</p>
          <div className="crm-cards">
            <CountCard
              title="By stage"
              list={LEAD_STAGES}
              id="count-stage"
              counts={data.by_stage.map((s) => ({ id: s.stage, count: s.count }))}
            />
            <CountCard
              title="By source"
              list={LEAD_SOURCES}
              id="count-source"
              counts={data.by_source.map((s) => ({ id: s.source, count: s.count }))}
            />
            <OriginCard counts={data.by_origin} />
            <ApplicationCountsCard />
          </div>
          <section className="crm-section" aria-labelledby="newest-leads">
            <div className="crm-section__head">
              <h2 id="newest-leads">Newest leads</h2>
              <Link href="/leads">All leads</Link>
            </div>
            {data.newest.length ? <LeadsTable leads={data.newest} caption="Newest leads" /> : <p className="crm-muted">No leads yet.</p>}
          </section>
        </>
      ) : null}
    </>
  );
}
