/**
 * A numbered receipt for a payment or a refund (issue 34; O. Reg. 415/06 asks a receipt for every
 * payment and a record kept): the college's names and address, the student, what was paid or
 * refunded, how, when (Toronto time) and the balance after it. Deterministic: dated by the entry.
 */
import { COLLEGE, formatAddress } from '../../src/college';
import { PAYMENT_METHODS, formatCents } from '../../src/ledger-contract';
import { Flow, newDocument, numberPages, saveDocument } from './pdf-layout';
import { torontoAndUtc } from './pdf-dates';

export interface Receipt {
  number: number;
  kind: 'payment' | 'refund';
  amountCents: number;
  method: string;
  reference: string | null;
  funder: string | null;
  at: Date;
  student: { name: string; email: string };
  program: string | null;
  legalName: string;
  balanceCents: number;
}

const methodTitle = (method: string): string => PAYMENT_METHODS.find((m) => m.id === method)?.title ?? method;

export async function renderReceiptPdf(receipt: Receipt): Promise<Uint8Array> {
  const what = receipt.kind === 'payment' ? 'Payment received' : 'Refund paid';
  const { doc, fonts } = await newDocument(
    { title: `Receipt No. ${receipt.number}`, subject: `${what}: ${receipt.student.name}`, date: receipt.at },
    receipt.legalName,
  );
  const flow = new Flow(doc, fonts);
  flow.heading(`Receipt No. ${receipt.number}`, 1);
  flow.text(receipt.legalName, { bold: true, gapAfter: 1 });
  flow.text(`Operating as ${COLLEGE.name}`, { gapAfter: 1 });
  flow.text(`${formatAddress()}, ${COLLEGE.address.country}`, { gapAfter: 1 });
  flow.text(`${COLLEGE.phone} · ${COLLEGE.emails.admissions}`, { gapAfter: 10 });
  flow.heading(what);
  flow.field(receipt.kind === 'payment' ? 'Received from' : 'Refunded to', receipt.student.name);
  flow.field('E-mail', receipt.student.email);
  if (receipt.program) flow.field('Program', receipt.program);
  flow.field('Amount', `${formatCents(receipt.amountCents)} CAD`);
  flow.field('Method', methodTitle(receipt.method));
  if (receipt.funder) flow.field('Funded by', receipt.funder);
  if (receipt.reference) flow.field('Reference', receipt.reference);
  flow.field('Date', torontoAndUtc(receipt.at));
  flow.field(
    'Balance after this',
    receipt.balanceCents < 0
      ? `${formatCents(-receipt.balanceCents)} CAD owed to the student`
      : `${formatCents(receipt.balanceCents)} CAD owed to the college`,
  );
  flow.space(10);
  flow.text(
    `The college keeps a record of this ${receipt.kind} with the student's file, as the Ontario Career Colleges Act, 2005 and ` +
      'O. Reg. 415/06 require. Please keep this receipt.',
    { muted: true },
  );
  numberPages(doc, fonts, `Receipt No. ${receipt.number}`);
  return saveDocument(doc);
}
