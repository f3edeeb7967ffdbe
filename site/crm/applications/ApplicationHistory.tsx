/** The application's history (issue 33): its steps on the lead's timeline, newest first. */
import type { TimelineEntry } from '../../../src/crm-contract';
import { fetchTimeline } from '../shared/work-api';
import { useStaffQuery } from '../shared/useStaffQuery';
import { dateText } from './application-labels';

type ApplicationEntry = Extract<TimelineEntry, { kind: 'application' }>;

export function ApplicationHistory({ applicationId, leadId, round }: { applicationId: string; leadId: string; round: number }) {
  const { data, error } = useStaffQuery((signal) => fetchTimeline(leadId, signal), `${leadId}:${round}`);
  // A link sent from the lead page names no application yet ('').
  const entries = (data?.entries ?? []).filter(
    (e): e is ApplicationEntry => e.kind === 'application' && (e.application_id === applicationId || e.application_id === ''),
  );
  return (
    <section className="crm-card" aria-labelledby="app-history">
      <h2 id="app-history">History</h2>
      {error ? <p role="alert">{error}</p> : null}
      {data && !entries.length ? <p className="crm-muted">Nothing yet.</p> : null}
      <ol className="crm-app-history">
        {[...entries].reverse().map((entry, index) => (
          <li key={`${entry.at}-${index}`}>
            <span className="crm-muted">{dateText(entry.at)}</span> {entry.text}
            {entry.by ? <span className="crm-muted"> ({entry.by.name})</span> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
