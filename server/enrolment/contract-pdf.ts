/**
 * The enrolment contract as a PDF (issue 34): every element O. Reg. 415/06 asks a contract to
 * state, in the order a student reads them, with DejaVu Sans embedded so the text is selectable.
 * The same terms always give the same bytes (dates from terms.issued_at, fixed metadata), so the
 * SHA-256 the student signs can be checked against a fresh rendering.
 */
import { DELIVERY_TITLES, type ContractTerms } from '../../src/enrolment-contract';
import { formatCents } from '../../src/ledger-contract';
import { Flow, newDocument, numberPages, saveDocument } from './pdf-layout';
import { formatLongDay } from '../../src/college-time';
import { formatTorontoDate } from '../../src/enrolment-time';

const FEE_COLUMNS = [0, 330, 410];

function parties(flow: Flow, terms: ContractTerms): void {
  const { college, student } = terms;
  flow.heading('1. The parties');
  flow.text('The college', { bold: true });
  flow.field('Legal name', college.legal_name);
  flow.field('Operating as', college.operating_name);
  flow.field('Address', college.address);
  flow.field('Telephone', college.phone);
  flow.field('E-mail', college.email);
  flow.space(4);
  flow.text('The student', { bold: true });
  flow.field('Name', student.name);
  flow.field('Address', student.address);
  flow.field('Telephone', student.phone);
  flow.field('E-mail', student.email);
  flow.field('Residency', student.residency === 'international' ? 'International student' : 'Canadian citizen or permanent resident');
}

function program(flow: Flow, terms: ContractTerms): void {
  const p = terms.program;
  flow.heading('2. The program');
  flow.field('Approved program name', p.approved_name);
  flow.field('Start date', formatLongDay(terms.start_date));
  flow.field('Expected end date', formatLongDay(terms.expected_end_date));
  flow.field('Language of instruction', p.language);
  flow.field('Hours of instruction', `${p.hours.toLocaleString('en-CA')} hours`);
  flow.field('Delivery method', DELIVERY_TITLES[p.delivery]);
  flow.field('Locations', p.locations);
  if (p.online_platform) flow.field('Online platform', p.online_platform);
  if (p.online_details) flow.field('Online details', p.online_details);
  flow.field('Practicum', p.practicum ?? 'This program has no practicum (work placement).');
  flow.heading('3. Admission requirements');
  flow.text('The student meets these admission requirements of the program:');
  for (const line of p.admission_requirements) flow.text(`• ${line}`, { indent: 12, gapAfter: 2 });
}

function fees(flow: Flow, terms: ContractTerms): void {
  flow.heading('4. Fees (Canadian dollars)');
  flow.text('Every fee of the program is listed here. The college may charge no fee that is not on this list.');
  flow.row(['Fee', 'Kind', 'Amount (CAD)'], FEE_COLUMNS, { bold: true, right: [2], rule: true });
  for (const fee of terms.fees)
    flow.row([fee.label, fee.kind === 'optional' ? 'Optional' : 'Compulsory', formatCents(fee.amount_cents)], FEE_COLUMNS, { right: [2] });
  flow.rule();
  flow.row(['Total of compulsory fees', '', formatCents(terms.total_cents)], FEE_COLUMNS, { bold: true, right: [2] });
  const optional = terms.fees.filter((fee) => fee.kind === 'optional').reduce((sum, fee) => sum + fee.amount_cents, 0);
  if (optional > 0)
    flow.text(`Optional fees (${formatCents(optional)} in all) are charged only if the student chooses them.`, { muted: true });
  flow.heading('5. Service fee collected before this contract');
  flow.text(
    `Under O. Reg. 415/06 made under the Ontario Career Colleges Act, 2005, the college may collect, before this contract is signed, ` +
      `only a service fee of at most 20 % of the program's fees or $500, whichever is lower: for this program ` +
      `${formatCents(terms.service_fee_cap_cents)}. The college collected ${formatCents(terms.service_fee_paid_cents)} before this contract; ` +
      `it counts toward the fees above.`,
  );
}

function rights(flow: Flow, terms: ContractTerms): void {
  flow.heading('6. Your right to cancel within two days');
  flow.text(
    'The student may cancel this contract by giving the college written notice within two days of receiving a copy of the signed ' +
      'contract. The college then refunds all fees paid in full, the application fee included, within 30 days of receiving the notice. ' +
      `Notice may be given from the applicant portal, by e-mail to ${terms.college.email} or in writing at ${terms.college.address}.`,
    { bold: true },
  );
  flow.heading('7. Refunds');
  flow.text(
    'A refund is due within 30 days of the college receiving a written notice of cancellation, withdrawal or expulsion. The fees ' +
      'are refunded in full if the college discontinues the program, collected fees before this contract (beyond the service fee) or ' +
      'before the program was approved, or charged a fee missing from, or higher than, the list above. After the program has started, ' +
      'a withdrawal or expulsion is refunded in part: the college keeps the fees earned, in proportion to the hours of instruction ' +
      'delivered, as set out in its refund policy and O. Reg. 415/06.',
  );
  flow.heading('8. Policies the student has received');
  for (const policy of terms.policies) flow.text(`• ${policy.title}: ${policy.url}`, { indent: 12, gapAfter: 2 });
  flow.text('The student acknowledges having received each of these policies before signing.');
}

function signatures(flow: Flow, terms: ContractTerms): void {
  flow.heading('9. Signatures');
  flow.text(
    'The student signs in the applicant portal by typing their full legal name; the college countersigns. A signature page with ' +
      'the names, times and the SHA-256 of this document is added to the signed copy sent to the student.',
  );
  for (const who of [`Student: ${terms.student.name}`, `For the college: ${terms.college.legal_name}`]) {
    flow.need(60);
    flow.space(28);
    flow.rule();
    flow.text(`${who} · Signature and date`, { muted: true, size: 9 });
  }
}

export async function renderContractPdf(terms: ContractTerms): Promise<Uint8Array> {
  const title = `Enrolment contract: ${terms.program.approved_name}`;
  const { doc, fonts } = await newDocument(
    { title, subject: `${terms.student.name}, version ${terms.version}`, date: new Date(terms.issued_at) },
    terms.college.legal_name,
  );
  const flow = new Flow(doc, fonts);
  flow.heading('Enrolment contract', 1);
  flow.text(`${terms.college.operating_name} · ${terms.program.approved_name}`, { bold: true });
  flow.text(`Version ${terms.version}, issued ${formatTorontoDate(terms.issued_at)}`, { muted: true, gapAfter: 8 });
  flow.text(
    'This contract is made under the Ontario Career Colleges Act, 2005 and O. Reg. 415/06 between the college and the student named below.',
  );
  parties(flow, terms);
  program(flow, terms);
  fees(flow, terms);
  rights(flow, terms);
  signatures(flow, terms);
  numberPages(doc, fonts, `Enrolment contract, version ${terms.version} · ${terms.student.name}`);
  return saveDocument(doc);
}
