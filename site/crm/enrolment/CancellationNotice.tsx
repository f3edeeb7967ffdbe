/**
 * A written cancellation notice the college received otherwise (by mail, by hand, by e-mail), with
 * the Toronto time it was received: within the cooling-off the contract is cancelled and a full
 * refund obligation is created (issue 34). After it the server refuses and says to record a withdrawal.
 */
import { useState } from 'react';
import { fromTorontoLocalInput, toTorontoLocalInput } from '../../../src/college-time';
import type { ContractView, StaffEnrolment } from '../../../src/enrolment-contract';
import { errorMessage } from '../shared/api';
import { notify } from '../shared/notify';
import { FormDialog } from '../applications/FormDialog';
import { recordCancellation } from './enrolment-api';

export function CancellationNotice({ contract, onChanged }: { contract: ContractView; onChanged(next: StaffEnrolment): void }) {
  const [open, setOpen] = useState(false);
  const [receivedAt, setReceivedAt] = useState('');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function save() {
    const at = fromTorontoLocalInput(receivedAt);
    if (!at) {
      setProblem('Please give the date and time the notice was received.');
      return;
    }
    setBusy(true);
    try {
      onChanged(await recordCancellation(contract._id, { received_at: at.toISOString(), ...(note.trim() ? { note: note.trim() } : {}) }));
      notify.success('Cancellation recorded. A full refund is due within 30 days.');
      setOpen(false);
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <button
        type="button"
        className="crm-button"
        onClick={() => {
          setReceivedAt(toTorontoLocalInput(new Date()));
          setProblem(null);
          setOpen(true);
        }}
      >
        Record a cancellation notice
      </button>
      <FormDialog
        id="contract-cancel"
        title="Record a cancellation notice"
        open={open}
        busy={busy}
        submitLabel="Record the notice"
        onClose={() => setOpen(false)}
        onSubmit={() => void save()}
      >
        <p>Within the two-day cooling-off, a written notice cancels the contract and every fee paid is refunded.</p>
        <div className="crm-field">
          <label htmlFor="contract-cancel-at">Notice received (Toronto time)</label>
          <input id="contract-cancel-at" type="datetime-local" value={receivedAt} onInput={(e) => setReceivedAt(e.currentTarget.value)} />
        </div>
        <div className="crm-field">
          <label htmlFor="contract-cancel-note">How it was received (optional)</label>
          <textarea id="contract-cancel-note" rows={3} maxLength={2000} value={note} onInput={(e) => setNote(e.currentTarget.value)} />
        </div>
        {problem ? <p role="alert">{problem}</p> : null}
      </FormDialog>
    </>
  );
}
