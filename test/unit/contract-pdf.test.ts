/**
 * Issue 34: the contract, signature page and receipt PDFs parse, embed their fonts (FontFile2),
 * number their pages, and are deterministic (same input, same bytes, so a signed hash can be
 * checked); a 12-page contract is rendered in under a second on this machine.
 */
import { createHash } from 'node:crypto';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, type PDFPage } from 'pdf-lib';
import { renderContractPdf } from '../../server/enrolment/contract-pdf';
import { withSignaturePage } from '../../server/enrolment/signature-page';
import { renderReceiptPdf } from '../../server/enrolment/receipt-pdf';
import { sampleTerms, TWELVE_PAGES } from '../support/contract-fixtures';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Each embedded font descriptor: whether its glyphs are in the file (FontFile2: TrueType). */
function fontFiles(doc: PDFDocument): boolean[] {
  return doc.context
    .enumerateIndirectObjects()
    .map(([, object]) => object)
    .filter((object): object is PDFDict => object instanceof PDFDict && object.get(PDFName.of('Type')) === PDFName.of('FontDescriptor'))
    .map((descriptor) => descriptor.has(PDFName.of('FontFile2')));
}

/** A page's content stream bytes, as stored (compressed), joined. */
function pageContent(page: PDFPage): string {
  const contents = page.node.Contents();
  const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => page.doc.context.lookup(ref)) : [contents];
  return streams.map((stream) => (stream instanceof PDFRawStream ? Buffer.from(stream.contents).toString('hex') : '?')).join('|');
}

const signing = {
  version: 1,
  pdfSha256: 'a'.repeat(64),
  student: { name: 'Nguyễn Thị Minh', at: new Date('2026-11-21T14:05:00Z'), ip: '203.0.113.9', userAgent: 'Mozilla/5.0 (test)' },
  college: { name: 'Ada Registrar', at: new Date('2026-11-21T16:00:00Z') },
  acknowledgements: ['I have received the Fee refund policy.', 'I have read this contract, including the fees and the refund policy.'],
};

describe('contract PDFs', () => {
  test('the contract parses, embeds its fonts and carries fixed metadata', async () => {
    const terms = sampleTerms();
    const doc = await PDFDocument.load(await renderContractPdf(terms), { updateMetadata: false });
    expect(doc.getPageCount()).toBeGreaterThanOrEqual(2);
    expect(doc.getTitle()).toBe('Enrolment contract: Network Administrator Diploma');
    expect(doc.getAuthor()).toBe('Northbridge College of Technology Inc.');
    expect(doc.getCreationDate()?.toISOString()).toBe(terms.issued_at);
    expect(doc.getModificationDate()?.toISOString()).toBe(terms.issued_at);
    const files = fontFiles(doc);
    expect(files.length).toBe(2);
    expect(files.every(Boolean)).toBe(true);
  });

  test('the same terms give the same bytes; other terms other bytes', async () => {
    const first = await renderContractPdf(sampleTerms());
    const second = await renderContractPdf(sampleTerms());
    expect(sha256(second)).toBe(sha256(first));
    const other = await renderContractPdf(sampleTerms({ version: 2 }));
    expect(sha256(other)).not.toBe(sha256(first));
  });

  test('a long contract flows onto 12 numbered pages (its timing: test/budgets/contract-pdf-timing.test.ts)', async () => {
    const doc = await PDFDocument.load(await renderContractPdf(sampleTerms({}, TWELVE_PAGES)));
    expect(doc.getPageCount()).toBe(12);
  });

  test('the signature page is appended after the original pages, deterministically', async () => {
    const contract = await renderContractPdf(sampleTerms({}, 40));
    const original = await PDFDocument.load(contract);
    const signed = await withSignaturePage(contract, { ...signing, pdfSha256: sha256(contract) });
    const doc = await PDFDocument.load(signed, { updateMetadata: false });
    expect(doc.getPageCount()).toBe(original.getPageCount() + 1);
    // The contract's pages are copied as they were: same content streams, page by page.
    const contents = (d: PDFDocument) => d.getPages().map(pageContent);
    expect(contents(doc).slice(0, original.getPageCount())).toEqual(contents(original));
    expect(fontFiles(doc).every(Boolean)).toBe(true);
    expect(doc.getModificationDate()?.toISOString()).toBe('2026-11-21T16:00:00.000Z');
    const again = await withSignaturePage(contract, { ...signing, pdfSha256: sha256(contract) });
    expect(sha256(again)).toBe(sha256(signed));
  });

  test('a receipt is one numbered page, deterministic', async () => {
    const receipt = {
      number: 1001,
      kind: 'payment' as const,
      amountCents: 50_000,
      method: 'e_transfer',
      reference: 'CA1234',
      funder: null,
      at: new Date('2026-11-22T15:00:00Z'),
      student: { name: 'Nguyễn Thị Minh', email: 'minh@example.com' },
      program: 'Network Administrator Diploma',
      legalName: 'Northbridge College of Technology Inc.',
      balanceCents: 1_485_000,
    };
    const bytes = await renderReceiptPdf(receipt);
    const doc = await PDFDocument.load(bytes, { updateMetadata: false });
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getTitle()).toBe('Receipt No. 1001');
    expect(fontFiles(doc).every(Boolean)).toBe(true);
    expect(sha256(await renderReceiptPdf(receipt))).toBe(sha256(bytes));
  });
});
