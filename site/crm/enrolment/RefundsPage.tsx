/**
 * /crm/refunds (issue 34): the refunds the college owes, open before refunded and overdue first
 * (marked "Overdue"), each with the student, program, why, the rule it rests on, how much (or
 * "To be completed" with the earned fees) and its due date in Toronto; "Record refund" records
 * the payment to the student, whose receipt the server e-mails.
 */
import { useState } from 'react';
import { Link } from 'wouter';
import { formatCents, refundBasisTitle, type RefundObligation } from '../../../src/ledger-contract';
import { formatTorontoDate } from '../../../src/enrolment-time';
import { LoadState, PageHeading } from '../area/PageHeading';
import { errorMessage } from '../shared/api';
import { notify } from '../shared/notify';
import { usePageTitle } from '../shared/usePageTitle';
import { useStaffQuery } from '../shared/useStaffQuery';
import { FormDialog } from '../applications/FormDialog';
import { fetchRefunds, recordRefund } from './money-api';
import { PaymentFields, paymentRequest, usePaymentForm } from './PaymentFields';
import { owedText, RefundStatus } from './RefundOwed';

const dollars = (cents: number) => (cents / 100).toFixed(2);

export function RefundsPage() {
  usePageTitle('Refunds');
  const query = useStaffQuery((signal) => fetchRefunds(signal), 'refunds');
  const [recording, setRecording] = useState<RefundObligation | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const payment = usePaymentForm();
  const refunds = query.data?.refunds ?? null;

  function open(refund: RefundObligation) {
    payment.reset(refund.amount_cents === null ? '' : dollars(refund.amount_cents - refund.paid_cents));
    setProblem(null);
    setRecording(refund);
  }

  async function record() {
    if (!recording) return;
    const request = paymentRequest(payment.form);
    if (typeof request === 'string') return setProblem(request);
    setBusy(true);
    try {
      await recordRefund(recording._id, request);
      notify.success(`Refund of ${formatCents(request.amount_cents)} to ${recording.student} recorded; the receipt was e-mailed.`);
      setRecording(null);
      query.reload();
    } catch (caught) {
      setProblem(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <PageHeading>Refunds</PageHeading>
      <p className="crm-muted">
        A refund is due within 30 days of the written notice (Ontario Regulation 415/06). Overdue refunds are listed first; admins get an
        e-mail about them each morning.
      </p>
      {!refunds ? (
        <LoadState loading={query.loading} error={query.error} />
      ) : refunds.length === 0 ? (
        <p className="crm-muted">No refund is owed.</p>
      ) : (
        <ul className="crm-refunds">
          {refunds.map((refund) => (
            <li key={refund._id} className={`crm-card crm-refund${refund.overdue ? ' crm-refund--overdue' : ''}`}>
              <h2 className="crm-refund__title">
                <Link href={`/applications/${refund.application_id}`}>{refund.student}</Link> <RefundStatus refund={refund} />
              </h2>
              <dl className="crm-refund__facts">
                <dt>Program</dt>
                <dd>{refund.program ?? '—'}</dd>
                <dt>Basis</dt>
                <dd>{refundBasisTitle(refund.basis)}</dd>
                <dt>Legal basis</dt>
                <dd>{refund.legal_basis}</dd>
                <dt>Amount</dt>
                <dd>{owedText(refund)}</dd>
                <dt>Due</dt>
                <dd>{formatTorontoDate(refund.due_at)}</dd>
              </dl>
              {refund.status === 'open' ? (
                <button type="button" className="crm-button crm-button--primary" onClick={() => open(refund)}>
                  Record refund<span className="crm-visually-hidden"> to {refund.student}</span>
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <FormDialog
        id="refund-record"
        title={recording ? `Record refund to ${recording.student}` : 'Record refund'}
        open={recording !== null}
        busy={busy}
        submitLabel="Record and e-mail the receipt"
        onClose={() => setRecording(null)}
        onSubmit={() => void record()}
      >
        {recording && recording.amount_cents === null ? (
          <p className="crm-muted">
            The amount is to be completed from the refund schedule
            {recording.earned_fees_cents === null ? '' : `; the earned fees are estimated at ${formatCents(recording.earned_fees_cents)}`}.
          </p>
        ) : null}
        <PaymentFields
          id="refund-record"
          form={payment.form}
          onChange={payment.set}
          amountLabel="Amount refunded (CAD)"
          amountReadOnly={recording?.amount_cents !== null}
        />
        {problem ? (
          <p className="crm-field-error" role="alert">
            {problem}
          </p>
        ) : null}
      </FormDialog>
    </>
  );
}
