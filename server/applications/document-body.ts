/**
 * An uploaded document's body (issue 33), read from the request's stream into one buffer of the
 * size the request declares, allocated before the first byte arrives: at most one copy of the file
 * is ever in memory, and a file above the limit is refused by its Content-Length before any of it
 * is read. A body that ends short of its declared size (a dropped connection) or runs past it is
 * refused; nothing is written for it.
 */
import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { MAX_DOCUMENT_BYTES } from '../../src/application-contract';
import { HttpError } from '../http/errors';
import { quoted } from './document-check';

export const DOCUMENT_MEDIA_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'application/octet-stream'] as const;
/** The route's own limit, a little above the file's: the answer for a larger file is ours (413 naming it). */
export const DOCUMENT_BODY_LIMIT = MAX_DOCUMENT_BYTES + 64 * 1024;
const MAX_NAME_LENGTH = 160;

const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, '')} MB`;

export const tooLargeMessage = (fileName: string, bytes: number) =>
  `${quoted(fileName)} is ${megabytes(bytes)}; the limit is ${megabytes(MAX_DOCUMENT_BYTES)} per file.`;
export const truncatedMessage = (fileName: string) =>
  `${quoted(fileName)} did not arrive in full (the upload was interrupted). Please upload it again.`;
export const emptyMessage = (fileName: string) => `${quoted(fileName)} is empty. Please choose the file again.`;
export const noLengthMessage = (fileName: string) =>
  `${quoted(fileName)} could not be uploaded: the request did not say the file's size. Please upload it again.`;

/** The file's name as the browser sent it (X-File-Name, URI-encoded), without folders or control characters. */
export function uploadedFileName(header: string | string[] | undefined, fallback: string): string {
  let name = '';
  try {
    name = decodeURIComponent(typeof header === 'string' ? header : '');
  } catch {
    name = '';
  }
  // Folders dropped; control characters (C0, DEL, C1) and line separators removed.
  name = [...(name.split(/[\\/]/).pop() ?? '')]
    .filter((char) => {
      const code = char.codePointAt(0) ?? 0;
      return code >= 0x20 && !(code >= 0x7f && code <= 0x9f) && code !== 0x2028 && code !== 0x2029;
    })
    .join('')
    .trim();
  if (name.length > MAX_NAME_LENGTH) {
    const extension = /\.[A-Za-z0-9]{1,5}$/.exec(name)?.[0] ?? '';
    name = name.slice(0, MAX_NAME_LENGTH - extension.length) + extension;
  }
  return name || fallback;
}

/** The declared size, refused above the limit before a byte is read. */
export function declaredLength(request: FastifyRequest, fileName: string): number {
  const header = request.headers['content-length'];
  const length = header === undefined ? NaN : Number(header);
  if (!Number.isSafeInteger(length) || length < 0) throw new HttpError(411, noLengthMessage(fileName));
  if (length > MAX_DOCUMENT_BYTES) throw new HttpError(413, tooLargeMessage(fileName, length));
  if (length === 0) throw new HttpError(400, emptyMessage(fileName));
  return length;
}

/** Fills one buffer of `length` bytes from the stream; 400 when it ends short or runs past it. */
export async function readBody(stream: Readable, length: number, fileName: string): Promise<Buffer> {
  const buffer = Buffer.allocUnsafe(length);
  let filled = 0;
  try {
    for await (const chunk of stream) {
      const piece = chunk as Buffer;
      if (filled + piece.length > length) throw new HttpError(400, truncatedMessage(fileName));
      piece.copy(buffer, filled);
      filled += piece.length;
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    // The client went away mid-upload ("aborted", ECONNRESET): the same answer, if anyone hears it.
    throw new HttpError(400, truncatedMessage(fileName));
  }
  if (filled !== length) throw new HttpError(400, truncatedMessage(fileName));
  return buffer;
}
