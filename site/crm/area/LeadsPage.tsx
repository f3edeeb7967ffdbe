/** The leads inbox: newest first, paged, filtered and searched through the URL's query string. */
import { useLocation, useSearch } from 'wouter';
import { fetchLeads } from '../shared/api';
import { usePageTitle } from '../shared/usePageTitle';
import { useStaffQuery } from '../shared/useStaffQuery';
import { filtersFromSearch, leadQuery, PAGE_SIZE, searchFromFilters, type Filters } from './leadFilters';
import { LeadFiltersForm } from './LeadFiltersForm';
import { LeadsTable } from './LeadsTable';
import { LoadState, PageHeading, ResultsSection } from './PageHeading';
import { Pagination } from './Pagination';
import { ExportButton } from '../work/ExportButton';
import { mayExportLeads, useOwnAccount } from '../stores/permissions';

export function LeadsPage() {
  usePageTitle('Leads');
  const search = useSearch();
  const [, navigate] = useLocation();
  const { filters, page } = filtersFromSearch(search);
  const query = leadQuery(filters, page);
  const account = useOwnAccount();
  const { data, error, loading } = useStaffQuery((signal) => fetchLeads(query, signal), JSON.stringify(query));

  const go = (next: Filters, nextPage: number) => navigate(`/leads${searchFromFilters(next, nextPage)}`);

  return (
    <>
      <PageHeading>Leads</PageHeading>
      <LeadFiltersForm filters={filters} onChange={(next) => go(next, 1)} />
      {/* Personal data leaves the CRM only with the export permission (issue 21). */}
      {mayExportLeads(account) ? (
        <p>
          <ExportButton query={query} />
        </p>
      ) : null}
      {data ? (
        <ResultsSection
          loading={loading}
          error={error}
          count={data.total_capped ? `More than ${data.total} leads` : data.total === 1 ? '1 lead' : `${data.total} leads`}
        >
          {data.leads.length ? <LeadsTable leads={data.leads} caption="Leads, newest first" /> : <p>No leads match these filters.</p>}
          <Pagination
            page={page}
            pageSize={data.page_size || PAGE_SIZE}
            total={data.total}
            more={data.total_capped}
            onPage={(p) => go(filters, p)}
          />
        </ResultsSection>
      ) : (
        <LoadState loading={loading} error={error} />
      )}
    </>
  );
}
