/**
 * A lead's consent to commercial e-mail (CASL) on the lead page: the state in one line ("Implied
 * consent until 2027-05-25 — inquiry of 2026-11-25") and, in a disclosure, the record behind it:
 * inquiries and enrolment (implied), opt-ins with the exact wording and its version, unsubscribes
 * with how and from which address, and consent staff recorded with who, the day given and how.
 * Unless express consent is already recorded, a second disclosure records consent the person gave
 * another way (phone, in person, paper): how, and the day (POST …/consent).
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { ConsentAnswer, ConsentHistoryEntry } from '../../../src/consent-contract';
import { staffFetch } from '../shared/api';
import { FormFeedback } from '../shared/FormFeedback';
import { useFieldForm } from '../shared/useFieldForm';
import { useStaffQuery } from '../shared/useStaffQuery';
import { AreaField, TextField } from '../catalogue/fields';
import { formatDateTime } from './labels';

const consentPath = (id: string) => `/crm/leads/${encodeURIComponent(id)}/consent`;
const fetchConsent = (id: string, signal: AbortSignal) => staffFetch<ConsentAnswer>(consentPath(id), { signal });
const recordConsent = (id: string, body: { evidence: string; obtained_on: string }) =>
  staffFetch<ConsentAnswer>(consentPath(id), { method: 'POST', body });

/** Today in Toronto (the college's day), for the date field's start. */
const torontoToday = () => new Date().toLocaleDateString('en-CA', { timeZone: 'America/Toronto' });

function HistoryItem({ entry }: { entry: ConsentHistoryEntry }) {
  const how = [entry.source, entry.ip ? `from ${entry.ip}` : null].filter(Boolean).join(', ');
  return (
    <li>
      <time dateTime={entry.at}>{formatDateTime(entry.at)}</time> — {entry.text}
      {how ? <span className="crm-muted"> · {how}</span> : null}
      {entry.evidence ? <p className="crm-consent-evidence">How it was given: {entry.evidence}</p> : null}
      {entry.wording ? <blockquote className="crm-consent-wording">{entry.wording}</blockquote> : null}
      {entry.form_version ? <p className="crm-muted crm-consent-form">Form version: {entry.form_version}</p> : null}
    </li>
  );
}

/** How and when the person said yes; the server checks the day against their inquiries and unsubscribes. */
function RecordConsentForm({ leadId, onRecorded }: { leadId: string; onRecorded(): void }) {
  const [evidence, setEvidence] = useState('');
  const [day, setDay] = useState(torontoToday);
  const { feedback, errors, saving, submit } = useFieldForm();
  const id = (field: string) => `lead-consent-${leadId}-${field}`;

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const recorded = await submit(async () => {
      await recordConsent(leadId, { evidence, obtained_on: day });
      return 'Consent recorded.';
    });
    if (!recorded) return;
    setEvidence('');
    onRecorded();
  }

  return (
    <form className="crm-form crm-consent-form" onSubmit={save} noValidate aria-label="Record consent given another way">
      <AreaField
        id={id('evidence')}
        label="How the person gave consent"
        rows={3}
        required
        value={evidence}
        onValue={setEvidence}
        error={errors.evidence}
        hint="Where, when and to whom they said yes, e.g. “Said yes on the phone call of 2026-11-27 to Dana, after hearing the consent wording”."
      />
      <TextField id={id('day')} label="Date given" type="date" required value={day} onValue={setDay} error={errors.obtained_on} />
      <FormFeedback feedback={feedback} />
      <div>
        <button type="submit" className="crm-button crm-button--primary" disabled={saving}>
          Record consent
        </button>
      </div>
    </form>
  );
}

/** `round` changes when the lead was saved (a stage change can start an enrolment's consent). */
export function LeadConsent({ leadId, round, onChanged }: { leadId: string; round: number; onChanged?(): void }) {
  const { data, error, reload } = useStaffQuery((signal) => fetchConsent(leadId, signal), `${leadId}:${round}`);
  // After recording, the form goes (consent is now express): focus moves to the new state line.
  const stateLine = useRef<HTMLParagraphElement>(null);
  const [recordedNow, setRecordedNow] = useState(false);
  useEffect(() => {
    if (!recordedNow || data?.state.kind !== 'express') return;
    stateLine.current?.focus();
    setRecordedNow(false);
  }, [data, recordedNow]);
  if (error && !data) return <p className="crm-consent">E-mail consent: {error}</p>;
  if (!data) return <p className="crm-consent">E-mail consent: loading…</p>;
  // The lead page reloads the consent with the rest (the timeline shows the act); alone, it reloads itself.
  const recorded = () => {
    setRecordedNow(true);
    (onChanged ?? reload)();
  };
  return (
    <div className="crm-consent">
      <p ref={stateLine} tabIndex={-1}>
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
      {data.state.kind === 'express' ? null : (
        <details className="crm-disclosure">
          <summary>Record consent given another way</summary>
          <RecordConsentForm leadId={leadId} onRecorded={recorded} />
        </details>
      )}
    </div>
  );
}
