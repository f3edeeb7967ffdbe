/**
 * One refund obligation as staff read it (issue 34), on the ledger and the Refunds page: why
 * (its basis and the rule it rests on), how much (or "To be completed" with the earned fees that
 * help staff complete it), by when (Toronto) and whether it is overdue or refunded.
 */
import { formatCents, refundBasisTitle, type RefundObligation } from '../../../src/ledger-contract';
import { formatTorontoDate } from '../../../src/enrolment-time';

export function owedText(refund: RefundObligation): string {
  if (refund.amount_cents !== null) return formatCents(refund.amount_cents);
  const earned = refund.earned_fees_cents === null ? '' : ` — earned fees ${formatCents(refund.earned_fees_cents)}`;
  return `To be completed${earned}`;
}

export function RefundStatus({ refund }: { refund: RefundObligation }) {
  if (refund.status === 'refunded') return <span className="crm-badge crm-badge--done">Refunded</span>;
  if (refund.overdue) return <span className="crm-badge crm-badge--overdue">Overdue</span>;
  return <span className="crm-badge">Open</span>;
}

export function RefundOwed({ refund }: { refund: RefundObligation }) {
  return (
    <p className="crm-ledger-refund">
      <strong>{refundBasisTitle(refund.basis)}</strong> · {owedText(refund)} · due {formatTorontoDate(refund.due_at)}{' '}
      <RefundStatus refund={refund} />
      <br />
      <span className="crm-muted">{refund.legal_basis}</span>
    </p>
  );
}
