/**
 * Receipts (issue 34): every payment and refund gets a numbered PDF receipt, e-mailed to the
 * student in the transaction that records it (O. Reg. 415/06: a receipt for every payment). The
 * PDF is made once, with the balance as it stood after that entry, and stored with the entry: the
 * copy staff open later is byte for byte the one the student was sent, whatever changes after.
 */
import type { AppContext } from '../context';
import type { Queryable } from '../db/database';
import { COLLEGE } from '../../src/college';
import { formatCents } from '../../src/ledger-contract';
import { NotFound } from '../domain-errors';
import { applicantMail } from '../applications/staff-applicant-mail';
import { FIRST_NAME_SQL, LAST_NAME_SQL } from '../applications/staff-labels';
import { renderReceiptPdf, type Receipt } from './receipt-pdf';
import { methodTitle } from './payment-input';
import { moneyState, type EntryColumns } from './ledger';

export const RECEIPT_NOT_FOUND_MESSAGE = 'There is no ledger entry with this id.';

export interface ReceiptOf {
  applicationId: string;
  receipt: Receipt;
}

interface EntryRow extends EntryColumns {
  application_id: string;
  recorded_at: Date;
  email: string;
  first_name: string;
  last_name: string;
  program: string | null;
  legal_name: string | null;
  paid_then: string;
  refunded_then: string;
}

/** The receipt of a ledger entry, with the balance after it; NotFound for an unknown id. */
export async function receiptOf(db: Queryable, entryId: string): Promise<ReceiptOf> {
  if (!/^[0-9a-f]{24}$/.test(entryId)) throw new NotFound(RECEIPT_NOT_FOUND_MESSAGE);
  const { rows } = await db.query<EntryRow>(
    `SELECT e.application_id, e.kind, e.amount_cents, e.method, e.reference, e.funder, e.receipt_number, e.recorded_at,
            a.email, ${FIRST_NAME_SQL} AS first_name, ${LAST_NAME_SQL} AS last_name, c.course_name AS program,
            (SELECT legal_name FROM enrolment_settings) AS legal_name,
            (SELECT coalesce(sum(o.amount_cents), 0) FROM ledger_entries o
              WHERE o.application_id = e.application_id AND o.kind = 'payment' AND o.receipt_number <= e.receipt_number)::text AS paid_then,
            (SELECT coalesce(sum(o.amount_cents), 0) FROM ledger_entries o
              WHERE o.application_id = e.application_id AND o.kind = 'refund' AND o.receipt_number <= e.receipt_number)::text AS refunded_then
       FROM ledger_entries e JOIN applications a ON a.id = e.application_id JOIN leads l ON l.id = a.lead_id
       LEFT JOIN courses c ON c.id = a.course_id
      WHERE e.id = $1`,
    [entryId],
  );
  const row = rows[0];
  if (!row) throw new NotFound(RECEIPT_NOT_FOUND_MESSAGE);
  const applicationId = row.application_id.trim();
  const { feesCents } = await moneyState(db, applicationId);
  return {
    applicationId,
    receipt: {
      number: row.receipt_number,
      kind: row.kind,
      amountCents: row.amount_cents,
      method: row.method,
      reference: row.reference,
      funder: row.funder,
      at: row.recorded_at,
      student: { name: `${row.first_name} ${row.last_name}`.trim(), email: row.email },
      program: row.program,
      legalName: row.legal_name ?? COLLEGE.name,
      balanceCents: feesCents - Number(row.paid_then) + Number(row.refunded_then),
    },
  };
}

export const receiptFileName = (number: number): string => `receipt-${number}.pdf`;

/** Queues the receipt's mail (the PDF attached) in the caller's transaction and records its mail id. */
export async function mailReceipt(tx: Queryable, ctx: Pick<AppContext, 'mailer' | 'config'>, entryId: string): Promise<void> {
  const { receipt } = await receiptOf(tx, entryId);
  const pdf = await renderReceiptPdf(receipt);
  const what = receipt.kind === 'payment' ? 'payment' : 'refund';
  const message = applicantMail({
    to: receipt.student.email,
    subject: `Your receipt ${receipt.number} from ${COLLEGE.name}`,
    paragraphs: [
      `Dear ${receipt.student.name},`,
      receipt.kind === 'payment'
        ? `Thank you for your payment of ${formatCents(receipt.amountCents)} (${methodTitle(receipt.method)}). Your receipt number ${receipt.number} is attached as a PDF.`
        : `We have refunded ${formatCents(receipt.amountCents)} to you (${methodTitle(receipt.method)}). Your receipt number ${receipt.number} for this refund is attached as a PDF.`,
      `Balance after this ${what}: ${formatCents(receipt.balanceCents)}. Please keep this receipt for your records.`,
    ],
    siteUrl: ctx.config.siteUrl,
  });
  const attachment = {
    filename: receiptFileName(receipt.number),
    contentType: 'application/pdf',
    content: Buffer.from(pdf).toString('base64'),
  };
  const mailId = await ctx.mailer.enqueue(tx, { ...message, envelope: { attachments: [attachment] } });
  await tx.query('UPDATE ledger_entries SET receipt_mail_id = $2, receipt_pdf = $3 WHERE id = $1', [entryId, mailId, Buffer.from(pdf)]);
}

/** The receipt as it was e-mailed, for staff; NotFound for an unknown id. */
export async function storedReceipt(db: Queryable, entryId: string): Promise<{ applicationId: string; number: number; pdf: Buffer }> {
  if (!/^[0-9a-f]{24}$/.test(entryId)) throw new NotFound(RECEIPT_NOT_FOUND_MESSAGE);
  const { rows } = await db.query<{ application_id: string; receipt_number: number; receipt_pdf: Buffer | null }>(
    'SELECT application_id, receipt_number, receipt_pdf FROM ledger_entries WHERE id = $1',
    [entryId],
  );
  const row = rows[0];
  if (!row?.receipt_pdf) throw new NotFound(RECEIPT_NOT_FOUND_MESSAGE);
  return { applicationId: row.application_id.trim(), number: row.receipt_number, pdf: row.receipt_pdf };
}
