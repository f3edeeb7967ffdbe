/**
 * "Record a notice" (issue 34): staff record a written notice received (a withdrawal, an
 * expulsion, a discontinued program…) with when it was received (Toronto time); the server
 * creates the refund obligation due 30 days later. A cooling-off cancellation is recorded on the
 * contract instead, so it is not offered here.
 */
import { useState } from 'react';
import { REFUND_BASES } from '../../../src/ledger-contract';
import { fromTorontoLocalInput, toTorontoLocalInput } from '../../../src/college-time';
import { errorMessage } from '../shared/api';
import { notify } from '../shared/notify';
import { FormDialog } from '../applications/FormDialog';
import { recordRefundNotice, type RefundNoticeBody } from './money-api';

const BASES = REFUND_BASES.filter((b): b is Exclude<(typeof REFUND_BASES)[number], { id: 'cooling_off' }> => b.id !== 'cooling_off');
const WHEN_MESSAGE = 'Please give the date and time the notice was received.';

interface Props {
  applicationId: string;
  open: boolean;
  onClose(): void;
  onRecorded(): void;
}

export function RefundNoticeDialog({ applicationId, open, onClose, onRecorded }: Props) {
  const [basis, setBasis] = useState<RefundNoticeBody['basis']>('withdrawal');
  const [when, setWhen] = useState(() => toTorontoLocalInput(new Date()));
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function submit() {
    const at = fromTorontoLocalInput(when);
    if (!at) return setProblem(WHEN_MESSAGE);
    setBusy(true);
    try {
      await recordRefundNotice(applicationId, {
        basis,
        notice_received_at: at.toISOString(),
        ...(note.trim() ? { note: note.trim() } : {}),
      });
      notify.success('Notice recorded; the refund is listed on the Refunds page.');
      setNote('');
      setProblem(null);
      onClose();
      onRecorded();
    } catch (caught) {
      setProblem(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <FormDialog
      id="ledger-notice"
      title="Record a written notice"
      open={open}
      busy={busy}
      submitLabel="Record the notice"
      onClose={onClose}
      onSubmit={() => void submit()}
    >
      <div className="crm-field">
        <label htmlFor="ledger-notice-basis">The notice is about</label>
        <select id="ledger-notice-basis" value={basis} onChange={(e) => setBasis(e.currentTarget.value as RefundNoticeBody['basis'])}>
          {BASES.map((b) => (
            <option key={b.id} value={b.id}>
              {b.title}
            </option>
          ))}
        </select>
      </div>
      <div className="crm-field">
        <label htmlFor="ledger-notice-when">Received (Toronto time)</label>
        <input id="ledger-notice-when" type="datetime-local" value={when} onChange={(e) => setWhen(e.currentTarget.value)} />
      </div>
      <div className="crm-field">
        <label htmlFor="ledger-notice-note">Note (optional)</label>
        <textarea id="ledger-notice-note" rows={3} maxLength={2000} value={note} onInput={(e) => setNote(e.currentTarget.value)} />
      </div>
      <p className="crm-muted">The refund is due within 30 days of the notice (Ontario Regulation 415/06).</p>
      {problem ? (
        <p className="crm-field-error" role="alert">
          {problem}
        </p>
      ) : null}
    </FormDialog>
  );
}
