/** Filter selects (applied on change) and the search box (applied on submit) above the leads list. */
import { useEffect, useState, type FormEvent } from 'react';
import { COURSE_TYPES, LEAD_SOURCES, LEAD_STAGES, LOCATIONS, type Lookup } from '../../../src/lookups';
import { useStaffList } from '../work/useStaffList';
import { useAuth } from '../stores/auth';
import { NO_FILTERS, type FilterKey, type Filters } from './leadFilters';

const SELECTS: { key: Exclude<FilterKey, 'q' | 'owner'>; label: string; list: readonly Lookup[] }[] = [
  { key: 'stage', label: 'Stage', list: LEAD_STAGES },
  { key: 'source', label: 'Source', list: LEAD_SOURCES },
  { key: 'course_type', label: 'Course type', list: COURSE_TYPES },
  { key: 'location', label: 'Local / International', list: LOCATIONS },
];

export function LeadFiltersForm({ filters, onChange }: { filters: Filters; onChange(next: Filters): void }) {
  const [q, setQ] = useState(filters.q);
  useEffect(() => setQ(filters.q), [filters.q]);
  const active = Object.values(filters).some(Boolean);
  const me = useAuth((state) => state.user);
  const { all } = useStaffList();

  function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onChange({ ...filters, q: q.trim() });
  }

  return (
    <form className="crm-filters" role="search" aria-label="Filter leads" onSubmit={search}>
      <div className="crm-field crm-filters__search">
        <label htmlFor="lead-q">Search name, e-mail or phone</label>
        <div className="crm-inline">
          <input id="lead-q" type="search" name="q" value={q} onInput={(e) => setQ(e.currentTarget.value)} />
          <button type="submit" className="crm-button crm-button--primary">Search</button>
        </div>
      </div>
      <div className="crm-field">
        <label htmlFor="lead-owner-filter">Owner</label>
        <select id="lead-owner-filter" name="owner" value={filters.owner}
          onChange={(e) => onChange({ ...filters, owner: e.currentTarget.value })}>
          <option value="">All</option>
          <option value="me">Mine</option>
          <option value="none">Unassigned</option>
          {all.filter((m) => m._id !== me?._id).map((m) => <option key={m._id} value={m._id}>{m.name}</option>)}
        </select>
      </div>
      {SELECTS.map(({ key, label, list }) => (
        <div className="crm-field" key={key}>
          <label htmlFor={`lead-${key}`}>{label}</label>
          <select id={`lead-${key}`} name={key} value={filters[key]}
            onChange={(e) => onChange({ ...filters, [key]: e.currentTarget.value })}>
            <option value="">All</option>
            {list.map((entry) => <option key={entry.id} value={String(entry.id)}>{entry.title}</option>)}
          </select>
        </div>
      ))}
      {active ? (
        <button type="button" className="crm-button crm-filters__clear"
          onClick={() => onChange(NO_FILTERS)}>
          Clear filters
        </button>
      ) : null}
    </form>
  );
}
