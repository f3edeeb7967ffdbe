/** Filter selects (applied on change) and the search box (applied on submit) above the leads list. */
import { useEffect, useState, type FormEvent } from 'react';
import { COURSE_TYPES, LEAD_SOURCES, LEAD_STAGES, LOCATIONS, type Lookup } from '../../../src/lookups';
import { OwnerFilterOptions } from '../work/OtherStaffOptions';
import { NO_FILTERS, type FilterKey, type Filters } from './leadFilters';
import { OriginFilter } from '../merge/OriginViews';

const SELECTS: { key: Exclude<FilterKey, 'q' | 'owner' | 'origin'>; label: string; list: readonly Lookup[] }[] = [
  { key: 'stage', label: 'Stage', list: LEAD_STAGES },
  { key: 'source', label: 'Source', list: LEAD_SOURCES },
  { key: 'course_type', label: 'Course type', list: COURSE_TYPES },
  { key: 'location', label: 'Local / International', list: LOCATIONS },
];

export function LeadFiltersForm({ filters, onChange }: { filters: Filters; onChange(next: Filters): void }) {
  const [q, setQ] = useState(filters.q);
  useEffect(() => setQ(filters.q), [filters.q]);
  const active = Object.values(filters).some(Boolean);

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
          <button type="submit" className="crm-button crm-button--primary">
            Search
          </button>
        </div>
      </div>
      <div className="crm-field">
        <label htmlFor="lead-owner-filter">Owner</label>
        <select
          id="lead-owner-filter"
          name="owner"
          value={filters.owner}
          onChange={(e) => onChange({ ...filters, owner: e.currentTarget.value })}
        >
          <OwnerFilterOptions />
        </select>
      </div>
      {SELECTS.map(({ key, label, list }) => (
        <div className="crm-field" key={key}>
          <label htmlFor={`lead-${key}`}>{label}</label>
          <select
            id={`lead-${key}`}
            name={key}
            value={filters[key]}
            onChange={(e) => onChange({ ...filters, [key]: e.currentTarget.value })}
          >
            <option value="">All</option>
            {list.map((entry) => (
              <option key={entry.id} value={String(entry.id)}>
                {entry.title}
              </option>
            ))}
          </select>
        </div>
      ))}
      <div className="crm-field">
        <label htmlFor="lead-contact">First contact</label>
        <select
          id="lead-contact"
          name="contact"
          value={filters.contact}
          onChange={(e) => onChange({ ...filters, contact: e.currentTarget.value })}
        >
          <option value="">All</option>
          <option value="overdue">Not contacted in time</option>
        </select>
      </div>
      <OriginFilter value={filters.origin} onChange={(origin) => onChange({ ...filters, origin })} />
      {active ? (
        <button type="button" className="crm-button crm-filters__clear" onClick={() => onChange(NO_FILTERS)}>
          Clear filters
        </button>
      ) : null}
    </form>
  );
}
