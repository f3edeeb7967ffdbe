/**
 * A lead's consent to commercial e-mail (CASL) on the lead page: the state in one line ("Implied
 * consent until 2027-05-25 — inquiry of 2026-11-25") and, in a disclosure, the record behind it:
 * inquiries and enrolment (implied), opt-ins with the exact wording, unsubscribes with how and
 * from which address.
 */
import type { ConsentAnswer, ConsentHistoryEntry } from '../../../src/consent-contract';
import { staffFetch } from '../shared/api';
import { useStaffQuery } from '../shared/useStaffQuery';
import { formatDateTime } from './labels';

const fetchConsent = (id: string, signal: AbortSignal) =>
  staffFetch<ConsentAnswer>(`/crm/leads/${encodeURIComponent(id)}/consent`, { signal });

function HistoryItem({ entry }: { entry: ConsentHistoryEntry }) {
  const how = [entry.source, entry.ip ? `from ${entry.ip}` : null].filter(Boolean).join(', ');
  return (
    <li>
      <time dateTime={entry.at}>{formatDateTime(entry.at)}</time> — {entry.text}
      {how ? <span className="crm-muted"> · {how}</span> : null}
      {entry.wording ? <blockquote className="crm-consent-wording">{entry.wording}</blockquote> : null}
    </li>
  );
}

/** `round` changes when the lead was saved (a stage change can start an enrolment's consent). */
export function LeadConsent({ leadId, round }: { leadId: string; round: number }) {
  const { data, error } = useStaffQuery((signal) => fetchConsent(leadId, signal), `${leadId}:${round}`);
  if (error) return <p className="crm-consent">E-mail consent: {error}</p>;
  if (!data) return <p className="crm-consent">E-mail consent: loading…</p>;
  return (
    <div className="crm-consent">
      <p>
        E-mail consent: <strong data-consent-kind={data.state.kind}>{data.state.line}</strong>
      </p>
      <details className="crm-disclosure">
        <summary>Consent history ({data.history.length})</summary>
        {data.history.length === 0 ? (
          <p>Nothing recorded for this address.</p>
        ) : (
          <ul className="crm-consent-history">
            {data.history.map((entry, index) => (
              <HistoryItem key={`${entry.at}-${index}`} entry={entry} />
            ))}
          </ul>
        )}
      </details>
    </div>
  );
}
