/**
 * The enrolment panel on an application's page (issue 34), once the applicant has accepted an
 * admission: what a contract would lack (named, blocking "Issue contract"), the current version,
 * its PDF, the signatures, "Countersign" for those allowed, the copy's delivery and the cooling-off
 * deadline in Toronto time, a written cancellation notice received otherwise, and the ledger.
 */
import { useEffect, useState } from 'react';
import { CONTRACT_STATUSES, crmEnrolmentPaths, type StaffEnrolment } from '../../../src/enrolment-contract';
import { coolingOffDeadlineText, torontoDateTimeText } from '../../../src/enrolment-time';
import { errorMessage } from '../shared/api';
import { notify } from '../shared/notify';
import { openStaffFile } from '../shared/blob-url';
import { useStaffQuery } from '../shared/useStaffQuery';
import { countersignContract, fetchEnrolment, issueContract } from './enrolment-api';
import { CancellationNotice } from './CancellationNotice';
import { LedgerSection } from './LedgerSection';

const statusTitle = (id: string) => CONTRACT_STATUSES.find((s) => s.id === id)?.title ?? id;

/** `onChanged` tells the page a step was recorded (its history reloads). */
export function EnrolmentSection({ applicationId, onChanged }: { applicationId: string; onChanged(): void }) {
  const query = useStaffQuery((signal) => fetchEnrolment(applicationId, signal), applicationId);
  const [state, setState] = useState<StaffEnrolment | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => setState(query.data), [query.data]);

  async function act(work: () => Promise<StaffEnrolment>, done: string) {
    setBusy(true);
    try {
      setState(await work());
      onChanged();
      notify.success(done);
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  if (!state) return null;
  const contract = state.contract;
  const canIssue = !contract || ['issued', 'signed', 'countersigned'].includes(contract.status);
  return (
    <section className="crm-card" aria-labelledby="app-enrolment">
      <h2 id="app-enrolment">Enrolment contract</h2>
      {contract ? (
        <dl className="crm-app-contract">
          <dt>Version</dt>
          <dd>
            {contract.version}{' '}
            <button
              type="button"
              className="crm-link-button"
              onClick={() => void openStaffFile(crmEnrolmentPaths.pdf(contract._id)).catch((e: unknown) => notify.error(errorMessage(e)))}
            >
              Open the PDF
            </button>
          </dd>
          <dt>Status</dt>
          <dd>{statusTitle(contract.status)}</dd>
          <dt>Student’s signature</dt>
          <dd>
            {contract.student_signature
              ? `${contract.student_signature.name}, ${torontoDateTimeText(contract.student_signature.at)}`
              : 'Not yet'}
          </dd>
          <dt>College’s signature</dt>
          <dd>
            {contract.college_signature
              ? `${contract.college_signature.name}, ${torontoDateTimeText(contract.college_signature.at)}`
              : 'Not yet'}
          </dd>
          {contract.college_signature ? (
            <>
              <dt>Copy delivered</dt>
              <dd>{contract.copy_delivered_at ? torontoDateTimeText(contract.copy_delivered_at) : 'Waiting for the mail server'}</dd>
            </>
          ) : null}
          {contract.final_sha256 ? (
            <>
              <dt>Signed PDF (SHA-256)</dt>
              <dd className="crm-app-hash">{contract.final_sha256}</dd>
            </>
          ) : null}
          {contract.cooling_off_ends_at ? (
            <>
              <dt>Cooling-off ends</dt>
              <dd>{coolingOffDeadlineText(contract.cooling_off_ends_at)}</dd>
            </>
          ) : null}
        </dl>
      ) : (
        <p className="crm-muted">No contract has been issued yet.</p>
      )}
      {state.missing.length > 0 && canIssue ? (
        <div className="crm-app-missing" role="note" aria-label="Missing from the contract">
          <p>A contract cannot be issued yet. Missing:</p>
          <ul>
            {state.missing.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="crm-form-actions">
        {canIssue ? (
          <button
            type="button"
            className={contract ? 'crm-button' : 'crm-button crm-button--primary'}
            disabled={busy || state.missing.length > 0}
            onClick={() =>
              void act(
                () => issueContract(applicationId),
                contract ? 'A new contract version was issued.' : 'Contract issued and e-mailed.',
              )
            }
          >
            {contract ? 'Issue a new version' : 'Issue contract'}
          </button>
        ) : null}
        {contract?.status === 'signed' && state.may_countersign ? (
          <button
            type="button"
            className="crm-button crm-button--primary"
            disabled={busy}
            onClick={() => void act(() => countersignContract(contract._id), 'Countersigned. The copy is on its way to the student.')}
          >
            Countersign
          </button>
        ) : null}
        {contract && (contract.status === 'signed' || contract.status === 'countersigned') ? (
          <CancellationNotice
            contract={contract}
            onChanged={(next) => {
              setState(next);
              onChanged();
            }}
          />
        ) : null}
      </div>
      <LedgerSection
        applicationId={applicationId}
        ledger={state.ledger}
        onChanged={() => {
          query.reload();
          onChanged();
        }}
      />
    </section>
  );
}
