/**
 * The lead page's privacy card (issue 22, PIPEDA): the person's requests with their due dates
 * (open one, close one), the export of everything held about the person (with the export
 * permission) and anonymisation (admins, after a confirm). "The person" is every lead with this
 * lead's e-mail address.
 */
import { useState, type FormEvent } from 'react';
import { PRIVACY_REQUEST_KINDS, privacyRequestTitle, type PrivacyRequest, type PrivacyRequestKind } from '../../../src/privacy-contract';
import { toTorontoLocalInput } from '../../../src/college-time';
import { LoadState } from '../area/PageHeading';
import { formatDate } from '../area/labels';
import { confirmAction } from '../shared/confirm';
import { errorMessage } from '../shared/api';
import { notify } from '../shared/notify';
import { useStaffQuery } from '../shared/useStaffQuery';
import { isAdmin, mayExportLeads, useOwnAccount } from '../stores/permissions';
import { saveWithConflict } from '../work/saveWithConflict';
import { anonymisePerson, closePrivacyRequest, downloadPrivacyExport, fetchPrivacy, openPrivacyRequest } from './privacy-api';

/** The day as the college counts it: "2026-12-26". */
const day = (iso: string) => toTorontoLocalInput(new Date(iso)).slice(0, 10);

function RequestLine({ request, onChanged }: { request: PrivacyRequest; onChanged(): void }) {
  const [saving, setSaving] = useState(false);
  const title = privacyRequestTitle(request.kind);
  async function close() {
    setSaving(true);
    await saveWithConflict(() => closePrivacyRequest(request._id), `${title} closed.`, onChanged);
    setSaving(false);
  }
  return (
    <li>
      {request.closed_at ? (
        <>
          {title} opened {day(request.opened_at)}, closed {day(request.closed_at)} <span className="crm-badge crm-badge--done">Closed</span>
        </>
      ) : (
        <>
          <strong>
            {title} due {day(request.due_at)}
          </strong>{' '}
          <span className="crm-badge">Open</span>{' '}
          <button type="button" className="crm-button" disabled={saving} onClick={close} aria-label={`Close the ${title.toLowerCase()}`}>
            Close
          </button>
        </>
      )}
    </li>
  );
}

export function PrivacyPanel({ leadId, onChanged }: { leadId: string; onChanged(): void }) {
  const [round, setRound] = useState(0);
  const [kind, setKind] = useState<PrivacyRequestKind>('access');
  const [busy, setBusy] = useState(false);
  const account = useOwnAccount();
  const panel = useStaffQuery((signal) => fetchPrivacy(leadId, signal), `${leadId}:${round}`);
  const changed = () => {
    setRound((r) => r + 1);
    onChanged();
  };

  async function open(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    await saveWithConflict(() => openPrivacyRequest(leadId, kind), `${privacyRequestTitle(kind)} opened.`, changed);
    setBusy(false);
  }

  async function download(format: 'json' | 'html') {
    setBusy(true);
    try {
      await downloadPrivacyExport(leadId, format);
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  async function anonymise() {
    const leads = panel.data?.leads ?? 1;
    const confirmed = await confirmAction({
      title: 'Anonymise this person?',
      message: `Names, contacts and free text are removed from ${leads === 1 ? 'this lead' : `all ${leads} leads with this e-mail address`} and their notes, activities and e-mails. Counts, dates and stages stay. This cannot be undone.`,
      confirmLabel: 'Anonymise',
    });
    if (!confirmed) return;
    setBusy(true);
    await saveWithConflict(() => anonymisePerson(leadId), 'The person was anonymised.', changed);
    setBusy(false);
  }

  const data = panel.data;
  return (
    <section className="crm-card" aria-labelledby="lead-privacy-heading">
      <h2 id="lead-privacy-heading">Privacy</h2>
      <LoadState loading={panel.loading && !data} error={panel.error} />
      {data ? (
        <>
          {data.anonymised_at ? <p>Anonymised on {formatDate(data.anonymised_at)}.</p> : null}
          {data.leads > 1 ? <p className="crm-muted">This person has {data.leads} leads with this e-mail address.</p> : null}
          {data.requests.length ? (
            <ul aria-label="Privacy requests">
              {data.requests.map((request) => (
                <RequestLine key={request._id} request={request} onChanged={changed} />
              ))}
            </ul>
          ) : (
            <p className="crm-muted">No privacy requests.</p>
          )}
          <form className="crm-stage-form" onSubmit={open} aria-label="Open a privacy request">
            <label htmlFor="privacy-request-kind">New request</label>
            <select id="privacy-request-kind" value={kind} onChange={(e) => setKind(e.currentTarget.value as PrivacyRequestKind)}>
              {PRIVACY_REQUEST_KINDS.map((option) => (
                <option key={option.id} value={option.id}>
                  {option.title}
                </option>
              ))}
            </select>
            <button type="submit" className="crm-button" disabled={busy}>
              Open request (due in 30 days)
            </button>
          </form>
          {mayExportLeads(account) || isAdmin(account) ? (
            <div className="crm-stage-form" role="group" aria-label="Personal data">
              {mayExportLeads(account) ? (
                <>
                  <button type="button" className="crm-button" disabled={busy} onClick={() => download('json')}>
                    Download all data (JSON)
                  </button>
                  <button type="button" className="crm-button" disabled={busy} onClick={() => download('html')}>
                    Download readable page
                  </button>
                </>
              ) : null}
              {isAdmin(account) ? (
                <button type="button" className="crm-button crm-button--destructive" disabled={busy} onClick={anonymise}>
                  Anonymise person
                </button>
              ) : null}
            </div>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
