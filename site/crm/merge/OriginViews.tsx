/** Partner sites (issue 23): the leads list's filter and the dashboard's table of leads per site. */
import type { OriginCount } from './merge-api';
import { fetchOrigins } from './merge-api';
import { useStaffQuery } from '../shared/useStaffQuery';

const siteLabel = (origin: string | null) => (origin === null ? 'No site named' : origin.replace(/^https?:\/\//, ''));

export function OriginFilter({ value, onChange }: { value: string; onChange(next: string): void }) {
  const { data } = useStaffQuery((signal) => fetchOrigins(signal), 'lead-origins');
  const origins = data?.origins ?? [];
  return (
    <div className="crm-field">
      <label htmlFor="lead-origin">Partner site</label>
      <select id="lead-origin" name="origin" value={value} onChange={(e) => onChange(e.currentTarget.value)}>
        <option value="">All</option>
        {value && !origins.some((o) => o.origin === value) && value !== 'none' ? <option value={value}>{siteLabel(value)}</option> : null}
        {origins.map((o) => (
          <option key={o.origin ?? 'none'} value={o.origin ?? 'none'}>
            {siteLabel(o.origin)} ({o.count})
          </option>
        ))}
      </select>
    </div>
  );
}

export function OriginCard({ counts }: { counts: OriginCount[] }) {
  return (
    <section className="crm-card" aria-labelledby="count-origin">
      <h2 id="count-origin">By partner site</h2>
      {counts.length === 0 ? <p className="crm-muted">No leads yet.</p> : null}
      <ul className="crm-counts">
        {counts.map((c) => (
          <li key={c.origin ?? 'none'}>
            <span>{siteLabel(c.origin)}</span>
            <span className="crm-counts__value">{c.count}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
