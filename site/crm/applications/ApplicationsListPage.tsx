/**
 * /crm/applications (issue 33): the applications in the caller's view, filtered, sorted by a
 * column head and paged through the URL's query string; each status's count is a filter chip.
 */
import { Link, useLocation, useSearch } from 'wouter';
import type { ApplicationListRow } from '../../../src/application-contract';
import { LoadState, PageHeading, ResultsSection } from '../area/PageHeading';
import { Pagination } from '../area/Pagination';
import { usePageTitle } from '../shared/usePageTitle';
import { useStaffQuery } from '../shared/useStaffQuery';
import { fetchApplications, listQueryString, type ApplicationFilters } from './applications-api';
import { ageText, applicationStatusTitle, filtersFromSearch, statusClass, statusList } from './application-labels';
import { ApplicationFiltersForm } from './ApplicationFiltersForm';
import { SortableHeads } from './SortableHeads';

const PAGE_SIZE = 50;

function ApplicationRow({ row }: { row: ApplicationListRow }) {
  return (
    <tr>
      <th scope="row" data-label="Applicant">
        <Link href={`/applications/${row._id}`}>{row.name || row.email}</Link>
      </th>
      <td data-label="Program">{row.program ?? '—'}</td>
      <td data-label="Intake">{row.intake ?? '—'}</td>
      <td data-label="Status">
        <span className={statusClass(row.status)}>{applicationStatusTitle(row.status)}</span>
      </td>
      <td data-label="Owner">{row.owner?.name ?? 'Unassigned'}</td>
      <td data-label="Age">{ageText(row.created_at)}</td>
    </tr>
  );
}

export function ApplicationsListPage() {
  usePageTitle('Applications');
  const search = useSearch();
  const [, navigate] = useLocation();
  const filters = filtersFromSearch(search);
  const { data, error, loading } = useStaffQuery((signal) => fetchApplications(filters, signal), JSON.stringify(filters));
  const go = (next: ApplicationFilters) => navigate(`/applications${listQueryString(next)}`);
  const change = (patch: Partial<ApplicationFilters>) => go({ ...filters, ...patch, page: patch.page ?? 1 });

  return (
    <>
      <div className="crm-section__head">
        <PageHeading>Applications</PageHeading>
        <Link href="/applications/letters">Decision letters</Link>
      </div>
      <ApplicationFiltersForm filters={filters} onChange={change} />
      {data ? (
        <ul className="crm-app-chips" aria-label="Applications by status">
          {statusList.map((s) => (
            <li key={s.id}>
              <button
                type="button"
                className="crm-app-chip"
                aria-pressed={filters.status === s.id}
                onClick={() => change({ status: filters.status === s.id ? '' : s.id })}
              >
                {s.title} <span className="crm-app-chip__count">{data.counts[s.id]}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {data ? (
        <ResultsSection loading={loading} error={error} count={data.total === 1 ? '1 application' : `${data.total} applications`}>
          {data.applications.length ? (
            <div className="crm-table-wrap" role="region" aria-label="Applications" tabIndex={0}>
              <table className="crm-table crm-table--fit crm-app-table">
                <caption className="crm-visually-hidden">Applications</caption>
                <SortableHeads sort={filters.sort} dir={filters.dir} onSort={(sort, dir) => change({ sort, dir })} />
                <tbody>
                  {data.applications.map((row) => (
                    <ApplicationRow key={row._id} row={row} />
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <p>No applications match these filters.</p>
          )}
          <Pagination page={filters.page} pageSize={PAGE_SIZE} total={data.total} onPage={(page) => change({ page })} />
        </ResultsSection>
      ) : (
        <LoadState loading={loading} error={error} />
      )}
    </>
  );
}
