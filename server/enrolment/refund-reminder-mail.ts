/**
 * The mail admins get each morning while a refund is overdue (issue 34): how many, and each one
 * with its student, program, amount (or that staff must complete it), legal basis and due date in
 * Toronto, then the link to the CRM's Refunds page. The subject carries no personal data (it
 * reaches the mail worker's log); the body names students, as the CRM does for admins.
 */
import { COLLEGE } from '../../src/college';
import { escapeHtml } from '../../src/escape-html';
import { formatCents, type RefundObligation, refundBasisTitle } from '../../src/ledger-contract';
import { formatTorontoDate } from '../../src/enrolment-time';
import type { MailMessage } from '../mail/mailer';

export const OVERDUE_REFUNDS_SUBJECT = 'Overdue refunds to students';

function line(refund: RefundObligation): string {
  const owed =
    refund.amount_cents === null
      ? `amount to be completed${refund.earned_fees_cents === null ? '' : ` (earned fees ${formatCents(refund.earned_fees_cents)})`}`
      : formatCents(refund.amount_cents - refund.paid_cents);
  const program = refund.program ? `, ${refund.program}` : '';
  return `${refund.student}${program}: ${owed}, ${refundBasisTitle(refund.basis)} (${refund.legal_basis}), due ${formatTorontoDate(refund.due_at)}`;
}

export function overdueRefundsMail(to: string, overdue: RefundObligation[], now: Date, siteUrl: string): MailMessage {
  const url = `${siteUrl}/crm/refunds`;
  const count = overdue.length === 1 ? 'One refund is' : `${overdue.length} refunds are`;
  const intro =
    `${count} past due as of ${formatTorontoDate(now)}. A refund is due within 30 days of the written notice ` +
    '(O. Reg. 415/06); please pay it and record it on the Refunds page, which e-mails the student a receipt.';
  const lines = overdue.map(line);
  const text = [intro, lines.map((l) => `- ${l}`).join('\n'), `Refunds: ${url}`, COLLEGE.name].join('\n\n') + '\n';
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#222">
<p>${escapeHtml(intro)}</p>
<ul>${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>
<p><a href="${escapeHtml(url)}">Open the Refunds page</a></p>
<p>${escapeHtml(COLLEGE.name)}</p></body></html>`;
  return { to, subject: OVERDUE_REFUNDS_SUBJECT, text, html };
}
