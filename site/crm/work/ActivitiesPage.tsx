/**
 * My work: activities by owner (mine by default), by the seed's due filters and by state, with
 * the overdue and due-today counts. Filters live in the URL. Done activities use the seed's short
 * due filters (nothing done is overdue, or done tomorrow).
 */
import { Link, useLocation, useSearch } from 'wouter';
import { ACTIVITY_TYPES, DUE_FILTERS, DUE_FILTERS_SHORT, lookupTitle } from '../../../src/lookups';
import { fetchActivities, type ActivityQuery } from '../shared/work-api';
import { usePageTitle } from '../shared/usePageTitle';
import { useStaffQuery } from '../shared/useStaffQuery';
import { formatDateTime } from '../area/labels';
import { LoadState, PageHeading } from '../area/PageHeading';
import { DoneButton } from './DoneButton';
import { OtherStaffOptions } from './OtherStaffOptions';

const COLUMNS = ['Subject', 'Type', 'Lead', 'Due', 'Owner', 'State', 'Action'] as const;
const STATES = [
  ['open', 'Open'],
  ['done', 'Done'],
  ['all', 'Open and done'],
] as const;

function queryFromSearch(search: string): ActivityQuery {
  const params = new URLSearchParams(search);
  return { owner: params.get('owner') || 'me', due: params.get('due') ?? '', state: params.get('state') || 'open' };
}

export function ActivitiesPage() {
  usePageTitle('My work');
  const [, navigate] = useLocation();
  const query = queryFromSearch(useSearch());
  const dueFilters = query.state === 'done' ? DUE_FILTERS_SHORT : DUE_FILTERS;
  const { data, error, loading, reload } = useStaffQuery((signal) => fetchActivities(query, signal), JSON.stringify(query));

  const go = (next: Partial<ActivityQuery>) => {
    const merged = { ...query, ...next };
    // A due filter the short list does not have falls back to "any".
    if (merged.state === 'done' && !DUE_FILTERS_SHORT.some((f) => String(f.id) === merged.due)) merged.due = '';
    navigate(`/activities?${new URLSearchParams(merged).toString()}`);
  };

  return (
    <>
      <PageHeading>My work</PageHeading>
      {data ? (
        <ul className="crm-stat-row" aria-label="Open activities">
          <li>
            <Link href="/activities?owner=me&due=10&state=open">
              <strong>{data.counts.overdue}</strong> overdue
            </Link>
          </li>
          <li>
            <Link href="/activities?owner=me&due=1&state=open">
              <strong>{data.counts.due_today}</strong> due today
            </Link>
          </li>
        </ul>
      ) : null}
      <form className="crm-filters" aria-label="Filter activities" onSubmit={(e) => e.preventDefault()}>
        <div className="crm-field">
          <label htmlFor="activity-filter-owner">Owner</label>
          <select id="activity-filter-owner" value={query.owner} onChange={(e) => go({ owner: e.currentTarget.value })}>
            <option value="me">Mine</option>
            <option value="all">Everyone</option>
            <OtherStaffOptions />
          </select>
        </div>
        <div className="crm-field">
          <label htmlFor="activity-filter-due">Due</label>
          <select id="activity-filter-due" value={query.due} onChange={(e) => go({ due: e.currentTarget.value })}>
            <option value="">Any time</option>
            {dueFilters.map((f) => (
              <option key={f.id} value={String(f.id)}>
                {f.title}
              </option>
            ))}
          </select>
        </div>
        <div className="crm-field">
          <label htmlFor="activity-filter-state">State</label>
          <select id="activity-filter-state" value={query.state} onChange={(e) => go({ state: e.currentTarget.value })}>
            {STATES.map(([value, title]) => (
              <option key={value} value={value}>
                {title}
              </option>
            ))}
          </select>
        </div>
      </form>
      <LoadState loading={loading && !data} error={error} />
      {data && !error ? (
        <section className="crm-section" aria-label="Activities" aria-busy={loading}>
          <p className="crm-muted" role="status">
            {data.activities.length === 1 ? '1 activity' : `${data.activities.length} activities`}
          </p>
          {data.activities.length ? (
            <div className="crm-table-wrap" role="region" aria-label="Activities, nearest due first" tabIndex={0}>
              <table className="crm-table crm-table--fit crm-activities-table">
                <caption className="crm-visually-hidden">Activities, nearest due first</caption>
                <colgroup>
                  {COLUMNS.map((c) => (
                    <col key={c} className={`crm-col--${c.toLowerCase()}`} />
                  ))}
                </colgroup>
                <thead>
                  <tr>
                    {COLUMNS.map((c) => (
                      <th key={c} scope="col">
                        {c}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {data.activities.map((a) => (
                    <tr key={a._id}>
                      <th scope="row" data-label="Subject">
                        {a.subject}
                      </th>
                      <td data-label="Type">{lookupTitle(ACTIVITY_TYPES, a.type)}</td>
                      <td data-label="Lead">
                        <Link href={`/leads/${a.lead_id}`}>{a.lead_name}</Link>
                      </td>
                      <td data-label="Due">
                        <time dateTime={a.due_at}>{formatDateTime(a.due_at)}</time>
                      </td>
                      <td data-label="Owner">{a.owner.name}</td>
                      <td data-label="State">{a.done ? 'Done' : new Date(a.due_at).getTime() < Date.now() ? 'Overdue' : 'Open'}</td>
                      <td data-label="Action">
                        <DoneButton activity={a} onSaved={reload} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <p>No activities match these filters.</p>
          )}
        </section>
      ) : null}
    </>
  );
}
