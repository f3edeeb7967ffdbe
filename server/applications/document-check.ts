/**
 * What an uploaded document is, decided by its bytes (issue 33): a PDF, a JPEG or a PNG, whatever
 * its name or the Content-Type claims. A name or Content-Type that names one of these types but
 * disagrees with the bytes is refused too (the applicant chose another file than they meant). A PDF
 * must parse (pdf-lib) and have a page; a picture is decoded in full and re-encoded by sharp in
 * its own format, which drops every piece of metadata (EXIF, GPS, XMP), as professor photos are.
 * Every refusal names the file and says why.
 */
import { EncryptedPDFError, PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import type { ApplicationDocument } from '../../src/application-contract';
import { HttpError } from '../http/errors';
import { inspectImage } from '../catalogue-edit/image-check';

export type DocumentType = ApplicationDocument['content_type'];

/** Scans are large: a letter page at 600 dpi is 34 megapixels. Above this, decoding is refused. */
export const MAX_DOCUMENT_PIXELS = 50_000_000;

const TITLES: Record<DocumentType, string> = {
  'application/pdf': 'a PDF file',
  'image/jpeg': 'a JPEG picture',
  'image/png': 'a PNG picture',
};
const EXTENSION_TYPES: Record<string, DocumentType> = { pdf: 'application/pdf', jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png' };

export const quoted = (fileName: string) => `“${fileName}”`;
export const notAcceptedMessage = (fileName: string) => `${quoted(fileName)} is not a PDF, JPEG or PNG file.`;
export const mismatchMessage = (fileName: string, named: DocumentType, found: DocumentType) =>
  `${quoted(fileName)} is named as ${TITLES[named]} but holds ${TITLES[found]}. Please check the file and upload it again.`;
export const unreadablePdfMessage = (fileName: string) =>
  `${quoted(fileName)} could not be read as a PDF: it may be damaged or incomplete.`;
export const protectedPdfMessage = (fileName: string) =>
  `${quoted(fileName)} is protected by a password. Please upload a copy without a password.`;
export const unreadableImageMessage = (fileName: string) =>
  `${quoted(fileName)} could not be read as a picture: it may be damaged or incomplete.`;
export const tooManyPixelsMessage = (fileName: string) =>
  `${quoted(fileName)} is too large a picture (more than ${MAX_DOCUMENT_PIXELS / 1_000_000} megapixels). Please scan it at a lower resolution.`;

/** The type the bytes are, by their magic numbers; null for anything else. */
export function sniffType(bytes: Buffer): DocumentType | null {
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  return null;
}

/** The type a name's extension or a Content-Type claims, when it claims one of ours. */
export function claimedType(fileName: string, contentType: string | undefined): DocumentType | null {
  const extension = /\.([A-Za-z0-9]+)$/.exec(fileName)?.[1]?.toLowerCase() ?? '';
  const byHeader = (contentType ?? '').split(';')[0]?.trim().toLowerCase();
  const header = Object.values(EXTENSION_TYPES).find((type) => type === byHeader) ?? null;
  return EXTENSION_TYPES[extension] ?? header;
}

export interface CheckedDocument {
  contentType: DocumentType;
  /** What is stored: the PDF as sent, or the re-encoded picture. */
  bytes: Buffer;
}

async function checkPdf(bytes: Buffer, fileName: string): Promise<void> {
  try {
    // A Buffer, not a plain Uint8Array: pdf-lib takes its streams with .slice(), which on a Buffer
    // is a view, so parsing never holds a second copy of the file (issue 33's memory budget).
    const pdf = await PDFDocument.load(bytes, { updateMetadata: false, throwOnInvalidObject: true });
    if (pdf.getPageCount() < 1) throw new Error('no pages');
  } catch (error) {
    if (error instanceof EncryptedPDFError) throw new HttpError(400, protectedPdfMessage(fileName));
    throw new HttpError(400, unreadablePdfMessage(fileName));
  }
}

async function reencodeImage(bytes: Buffer, type: 'image/jpeg' | 'image/png', fileName: string): Promise<Buffer> {
  const declared = inspectImage(bytes);
  if (!declared || declared.type !== type) throw new HttpError(400, unreadableImageMessage(fileName));
  if (declared.width * declared.height > MAX_DOCUMENT_PIXELS) throw new HttpError(413, tooManyPixelsMessage(fileName));
  try {
    // Turned upright by its EXIF orientation first, since the orientation tag is dropped with the rest.
    const image = sharp(bytes, { limitInputPixels: MAX_DOCUMENT_PIXELS, failOn: 'error', pages: 1 }).rotate();
    return await (type === 'image/jpeg' ? image.jpeg({ quality: 90 }) : image.png()).toBuffer();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/pixel limit/i.test(message)) throw new HttpError(413, tooManyPixelsMessage(fileName));
    throw new HttpError(400, unreadableImageMessage(fileName));
  }
}

export async function checkDocument(bytes: Buffer, fileName: string, contentType: string | undefined): Promise<CheckedDocument> {
  const found = sniffType(bytes);
  if (!found) throw new HttpError(415, notAcceptedMessage(fileName));
  const claimed = claimedType(fileName, contentType);
  if (claimed && claimed !== found) throw new HttpError(415, mismatchMessage(fileName, claimed, found));
  if (found === 'application/pdf') {
    await checkPdf(bytes, fileName);
    return { contentType: found, bytes };
  }
  return { contentType: found, bytes: await reencodeImage(bytes, found, fileName) };
}
