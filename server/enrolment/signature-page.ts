/**
 * The signature page of a signed contract (issue 34): the contract's own pages kept as they were,
 * then one page saying who signed, when (Toronto time and UTC), the version, the acknowledgements
 * the student ticked and the SHA-256 of the PDF they signed. Deterministic like the contract: the
 * same inputs give the same bytes (dates from the college's signature, fixed metadata).
 */
import { PDFDocument } from 'pdf-lib';
import { embedCollegeFonts } from './pdf-fonts';
import { Flow, numberPages, saveDocument, setInfo } from './pdf-layout';
import { torontoAndUtc } from './pdf-dates';

export interface SignaturePage {
  version: number;
  pdfSha256: string;
  student: { name: string; at: Date; ip: string; userAgent: string };
  college: { name: string; at: Date };
  acknowledgements: string[];
}

export async function withSignaturePage(pdf: Uint8Array, page: SignaturePage): Promise<Uint8Array> {
  const source = await PDFDocument.load(pdf, { updateMetadata: false });
  // A fresh document with the contract's pages copied: its page numbers are redrawn over the whole.
  const doc = await PDFDocument.create({ updateMetadata: false });
  for (const copied of await doc.copyPages(source, source.getPageIndices())) doc.addPage(copied);
  setInfo(
    doc,
    {
      title: `${source.getTitle() ?? 'Enrolment contract'} (signed)`,
      subject: `Signed by ${page.student.name} and ${page.college.name}, version ${page.version}`,
      date: page.college.at,
    },
    source.getAuthor() ?? '',
  );
  const fonts = await embedCollegeFonts(doc);
  const first = doc.getPageCount();
  const flow = new Flow(doc, fonts);
  flow.heading('Signature page', 1);
  flow.text(`This page records the signatures of version ${page.version} of the enrolment contract on the preceding pages.`);
  flow.heading('The student');
  flow.field('Name, as typed', page.student.name);
  flow.field('Signed', torontoAndUtc(page.student.at));
  flow.field('Client address', page.student.ip);
  flow.field('Browser (user agent)', page.student.userAgent);
  flow.heading('Acknowledgements ticked by the student');
  for (const text of page.acknowledgements) flow.text(`☑ ${text}`, { indent: 12, gapAfter: 2 });
  flow.heading('For the college');
  flow.field('Countersigned by', page.college.name);
  flow.field('Countersigned', torontoAndUtc(page.college.at));
  flow.heading('The document signed');
  flow.field('Contract version', String(page.version));
  flow.field('Pages', `1 to ${first} of this file`);
  // The hash on one line of its own, so it can be copied and compared whole.
  flow.text('SHA-256 of the contract PDF the student read and signed (before this page was added):', { bold: true, gapAfter: 1 });
  flow.text(page.pdfSha256, { size: 9 });
  // The copied pages keep their own "Page n of m" footers; only the new pages are numbered here.
  numberPages(doc, fonts, `Signature page, contract version ${page.version}`, first);
  return saveDocument(doc);
}
