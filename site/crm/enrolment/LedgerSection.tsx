/**
 * The student's ledger on the application page (issue 34): fees, paid, refunded and the balance;
 * before the student signs the contract, the service-fee cap; every payment and refund with its
 * receipt (PDF); the refunds owed; "Record a payment" and "Record a notice" (withdrawal,
 * expulsion…). Each write answers the ledger as it is then, handed up with onChanged.
 */
import { useState } from 'react';
import { crmEnrolmentPaths } from '../../../src/enrolment-contract';
import { formatCents, PAYMENT_METHODS, type Ledger } from '../../../src/ledger-contract';
import { formatDateTime } from '../area/labels';
import { errorMessage } from '../shared/api';
import { notify } from '../shared/notify';
import { FormDialog } from '../applications/FormDialog';
import { openStaffFile } from '../shared/blob-url';
import { recordPayment } from './money-api';
import { PaymentFields, paymentRequest, usePaymentForm } from './PaymentFields';
import { RefundNoticeDialog } from './RefundNoticeDialog';
import { RefundOwed } from './RefundOwed';

const methodTitle = (id: string) => PAYMENT_METHODS.find((m) => m.id === id)?.title ?? id;

interface Props {
  applicationId: string;
  ledger: Ledger;
  onChanged: () => void;
}

export function LedgerSection({ applicationId, ledger, onChanged }: Props) {
  const [paying, setPaying] = useState(false);
  const [noticing, setNoticing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const payment = usePaymentForm();
  const collected = ledger.paid_cents - ledger.refunded_cents;

  async function pay() {
    const request = paymentRequest(payment.form);
    if (typeof request === 'string') return setProblem(request);
    setBusy(true);
    try {
      await recordPayment(applicationId, request);
      notify.success(`Payment of ${formatCents(request.amount_cents)} recorded; the receipt was e-mailed to the student.`);
      setPaying(false);
      onChanged();
    } catch (caught) {
      setProblem(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  }

  const openReceipt = (entryId: string) => {
    openStaffFile(crmEnrolmentPaths.receipt(entryId)).catch((caught: unknown) => notify.error(errorMessage(caught)));
  };

  return (
    <section className="crm-card" aria-labelledby="ledger-title">
      <h2 id="ledger-title">Fees and payments</h2>
      <dl className="crm-ledger-sums">
        <div>
          <dt>Fees</dt>
          <dd>{formatCents(ledger.fees_cents)}</dd>
        </div>
        <div>
          <dt>Paid</dt>
          <dd>{formatCents(ledger.paid_cents)}</dd>
        </div>
        <div>
          <dt>Refunded</dt>
          <dd>{formatCents(ledger.refunded_cents)}</dd>
        </div>
        <div>
          <dt>{ledger.balance_cents < 0 ? 'Credit (paid ahead)' : 'Balance'}</dt>
          <dd>{formatCents(Math.abs(ledger.balance_cents))}</dd>
        </div>
      </dl>
      {ledger.service_fee_cap_cents !== null ? (
        <p className="crm-ledger-cap">
          Before the enrolment contract is signed, the college may collect only a service fee of at most{' '}
          <strong>{formatCents(ledger.service_fee_cap_cents)}</strong> (20 % of the program&apos;s fees or $500, whichever is lower: Ontario
          Regulation 415/06). {formatCents(collected)} has been collected.
        </p>
      ) : null}
      {ledger.entries.length === 0 ? (
        <p className="crm-muted">No payment recorded yet.</p>
      ) : (
        <div className="crm-table-wrap" role="region" aria-label="Payments and refunds" tabIndex={0}>
          <table className="crm-table crm-ledger-table">
            <thead>
              <tr>
                <th scope="col">Receipt</th>
                <th scope="col">Date</th>
                <th scope="col">Amount</th>
                <th scope="col">Method</th>
                <th scope="col">Recorded by</th>
              </tr>
            </thead>
            <tbody>
              {ledger.entries.map((entry) => (
                <tr key={entry._id}>
                  <td data-label="Receipt">
                    <button type="button" className="crm-link-button" onClick={() => openReceipt(entry._id)}>
                      Receipt {entry.receipt_number} (PDF)
                    </button>
                  </td>
                  <td data-label="Date">{formatDateTime(entry.recorded_at)}</td>
                  <td data-label="Amount">
                    {entry.kind === 'refund' ? `Refund ${formatCents(-entry.amount_cents)}` : formatCents(entry.amount_cents)}
                  </td>
                  <td data-label="Method">
                    <span>
                      {methodTitle(entry.method)}
                      {entry.funder ? `: ${entry.funder}` : ''}
                      {entry.reference ? <span className="crm-muted"> · {entry.reference}</span> : null}
                    </span>
                  </td>
                  <td data-label="Recorded by">{entry.recorded_by?.name ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {ledger.refunds.length > 0 ? (
        <>
          <h3 className="crm-ledger-subtitle">Refunds owed</h3>
          <ul className="crm-ledger-refunds">
            {ledger.refunds.map((refund) => (
              <li key={refund._id}>
                <RefundOwed refund={refund} />
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <div className="crm-inline">
        <button
          type="button"
          className="crm-button crm-button--primary"
          onClick={() => {
            payment.reset();
            setProblem(null);
            setPaying(true);
          }}
        >
          Record a payment
        </button>
        <button type="button" className="crm-button" onClick={() => setNoticing(true)}>
          Record a notice
        </button>
      </div>
      <FormDialog
        id="ledger-pay"
        title="Record a payment"
        open={paying}
        busy={busy}
        submitLabel="Record and e-mail the receipt"
        onClose={() => setPaying(false)}
        onSubmit={() => void pay()}
      >
        <PaymentFields id="ledger-pay" form={payment.form} onChange={payment.set} amountLabel="Amount (CAD)" />
        {problem ? (
          <p className="crm-field-error" role="alert">
            {problem}
          </p>
        ) : null}
      </FormDialog>
      <RefundNoticeDialog applicationId={applicationId} open={noticing} onClose={() => setNoticing(false)} onRecorded={onChanged} />
    </section>
  );
}
