/**
 * The audit log for admins (issue 21): who did what, when and from which address, newest first,
 * filtered by person, action and dates (the college's days) kept in the URL, paged, and exported
 * as CSV with the same filters (the export is itself recorded). Others are told they lack the
 * permission; the server answers them 403 anyway.
 */
import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { toast } from 'react-toastify/unstyled';
import { AUDIT_ACTIONS, type AuditEntry } from '../../../src/audit-contract';
import type { StaffMember } from '../../../src/crm-contract';
import { COLLEGE_TIME_ZONE } from '../../../src/college-time';
import { errorMessage } from '../shared/api';
import { AUDIT_PAGE_SIZE, NO_AUDIT_FILTERS, auditQueryString, downloadAuditCsv, fetchAudit, type AuditFilters } from '../shared/audit-api';
import { usePageTitle } from '../shared/usePageTitle';
import { useStaffQuery } from '../shared/useStaffQuery';
import { LoadState, PageHeading } from '../area/PageHeading';
import { Pagination } from '../area/Pagination';
import { isAdmin, useOwnAccount } from '../stores/permissions';
import { useStaffList } from './useStaffList';
import { detailLines } from './audit-details';

const FILTER_KEYS = ['person', 'action', 'from', 'to'] as const;
// The college's time, to the second (an audit reads sequences of events).
const TIME = new Intl.DateTimeFormat('en-CA', { timeZone: COLLEGE_TIME_ZONE, dateStyle: 'medium', timeStyle: 'medium' });

function fromSearch(search: string): { filters: AuditFilters; page: number } {
  const params = new URLSearchParams(search);
  const filters = Object.fromEntries(FILTER_KEYS.map((key) => [key, params.get(key) ?? ''])) as unknown as AuditFilters;
  return { filters, page: Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1) };
}

const actionTitle = (id: string) => AUDIT_ACTIONS.find((a) => a.id === id)?.title ?? id;

/** The details as one "Label: value" line each (audit-details.ts), a staff id named when known. */
function DetailList({ details, staff }: { details: Record<string, unknown>; staff: StaffMember[] }) {
  const lines = detailLines(details, (id) => staff.find((m) => m._id === id)?.name);
  if (lines.length === 0) return null;
  return (
    <ul className="crm-audit-details__lines">
      {lines.map((line) => (
        <li key={line.label}>
          <span className="crm-audit-details__label">{line.label}:</span> {line.value}
        </li>
      ))}
    </ul>
  );
}

function AuditFiltersForm({
  filters,
  staff,
  onChange,
}: {
  filters: AuditFilters;
  staff: StaffMember[];
  onChange(next: AuditFilters): void;
}) {
  const set = (key: keyof AuditFilters) => (event: { currentTarget: { value: string } }) =>
    onChange({ ...filters, [key]: event.currentTarget.value });
  return (
    <form className="crm-filters" role="search" aria-label="Filter the audit log" onSubmit={(e) => e.preventDefault()}>
      <div className="crm-field">
        <label htmlFor="audit-person">Person</label>
        <select id="audit-person" value={filters.person} onChange={set('person')}>
          <option value="">Anyone</option>
          {staff.map((m) => (
            <option key={m._id} value={m._id}>
              {m.name}
            </option>
          ))}
        </select>
      </div>
      <div className="crm-field">
        <label htmlFor="audit-action">Action</label>
        <select id="audit-action" value={filters.action} onChange={set('action')}>
          <option value="">Any action</option>
          {AUDIT_ACTIONS.map((a) => (
            <option key={a.id} value={a.id}>
              {a.title}
            </option>
          ))}
        </select>
      </div>
      <div className="crm-field">
        <label htmlFor="audit-from">From (date)</label>
        <input id="audit-from" type="date" value={filters.from} onChange={set('from')} />
      </div>
      <div className="crm-field">
        <label htmlFor="audit-to">To (date)</label>
        <input id="audit-to" type="date" value={filters.to} min={filters.from || undefined} onChange={set('to')} />
      </div>
      {Object.values(filters).some(Boolean) ? (
        <button type="button" className="crm-button crm-filters__clear" onClick={() => onChange(NO_AUDIT_FILTERS)}>
          Clear filters
        </button>
      ) : null}
    </form>
  );
}

function AuditTable({ entries, staff }: { entries: AuditEntry[]; staff: StaffMember[] }) {
  return (
    <div className="crm-table-wrap" role="region" aria-label="Audit entries" tabIndex={0}>
      <table className="crm-table">
        <caption className="crm-visually-hidden">Audit log, newest first</caption>
        <thead>
          <tr>
            {['Time', 'Person', 'Action', 'Address', 'Details'].map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {entries.map((e) => (
            <tr key={e._id}>
              <td data-label="Time">
                <time dateTime={e.at}>{TIME.format(new Date(e.at))}</time>
              </td>
              <th scope="row" data-label="Person">
                {e.actor?.name ?? 'Unknown'}
              </th>
              <td data-label="Action">{actionTitle(e.action)}</td>
              <td data-label="Address">{e.ip ?? ''}</td>
              <td data-label="Details" className="crm-audit-details">
                <DetailList details={e.details} staff={staff} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function AuditLog() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const { filters, page } = fromSearch(search);
  const { all } = useStaffList();
  const { data, error, loading } = useStaffQuery((signal) => fetchAudit(filters, page, signal), `${auditQueryString(filters)}#${page}`);
  const [exporting, setExporting] = useState(false);
  const go = (next: AuditFilters, nextPage: number) => {
    const text = new URLSearchParams(auditQueryString(next));
    if (nextPage > 1) text.set('page', String(nextPage));
    navigate(`/audit${text.toString() ? `?${text.toString()}` : ''}`);
  };
  async function exportCsv() {
    setExporting(true);
    try {
      await downloadAuditCsv(filters);
    } catch (caught) {
      toast.error(errorMessage(caught));
    } finally {
      setExporting(false);
    }
  }
  return (
    <>
      <AuditFiltersForm filters={filters} staff={all} onChange={(next) => go(next, 1)} />
      <p>
        <button type="button" className="crm-button" onClick={exportCsv} disabled={exporting}>
          Export CSV
        </button>
      </p>
      <LoadState loading={loading && !data} error={error} />
      {data && !error ? (
        <section className="crm-section" aria-label="Results" aria-busy={loading}>
          <p className="crm-muted" role="status">
            {data.total === 1 ? '1 entry' : `${data.total} entries`}
          </p>
          {data.entries.length ? <AuditTable entries={data.entries} staff={all} /> : <p>No entries match these filters.</p>}
          <Pagination page={page} pageSize={data.page_size || AUDIT_PAGE_SIZE} total={data.total} onPage={(p) => go(filters, p)} />
        </section>
      ) : null}
    </>
  );
}

export function AuditPage() {
  usePageTitle('Audit log');
  const account = useOwnAccount();
  return (
    <>
      <PageHeading>Audit log</PageHeading>
      <p className="crm-muted">
        Sign-ins, permission and account changes, exports, catalogue and settings changes (sequences, templates, assignment rules). Entries
        cannot be changed or removed.
      </p>
      {account === null ? (
        <LoadState loading error={null} />
      ) : isAdmin(account) ? (
        <AuditLog />
      ) : (
        <p className="crm-alert" role="alert">
          Only an admin can read the audit log.
        </p>
      )}
    </>
  );
}
