/**
 * A JSON answer serialised once, with its strong ETag, ready to be sent as is — and, when it is
 * big enough to gain from it, compressed (brotli or gzip, whichever the client prefers) once, on
 * the first request that asks for that encoding, then kept with the answer. Each encoding is a
 * representation of its own with its own strong ETag (RFC 9110 8.8.3), so a cache never confuses
 * them; every embedded widget and site page reads these.
 */
import crypto from 'node:crypto';
import zlib from 'node:zlib';

export type ContentEncoding = 'br' | 'gzip';

export interface Representation {
  body: Buffer;
  etag: string;
  /** null: sent as is. */
  encoding: ContentEncoding | null;
}

/** `body`: the UTF-8 bytes, so replying costs no serialisation or encoding. */
export interface JsonAnswer extends Representation {
  encoding: null;
  /** Compressed representations, made on first request for them. */
  compressed: Partial<Record<ContentEncoding, Representation>>;
}

/** Below this, compression saves less than a packet: such answers are sent as they are. */
const COMPRESS_FROM_BYTES = 1024;

export function jsonAnswer(value: unknown): JsonAnswer {
  const body = Buffer.from(JSON.stringify(value), 'utf8');
  const hash = crypto.createHash('sha1').update(body).digest('base64url');
  return { body, etag: `"${hash}"`, encoding: null, compressed: {} };
}

/** Whether Accept-Encoding lists `coding` without refusing it (`;q=0`). */
function accepts(accept: string, coding: ContentEncoding): boolean {
  return new RegExp(`\\b${coding}\\b(?!\\s*;\\s*q=0(\\.0*)?\\s*(,|$))`, 'i').test(accept);
}

function compress(body: Buffer, encoding: ContentEncoding): Buffer {
  return encoding === 'br'
    ? zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } })
    : zlib.gzipSync(body, { level: 9 });
}

/** The representation to send for a client's Accept-Encoding: brotli, else gzip, else as is. */
export function chooseRepresentation(answer: JsonAnswer, acceptEncoding: string | string[] | undefined): Representation {
  if (answer.body.length < COMPRESS_FROM_BYTES) return answer;
  const accept = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : (acceptEncoding ?? '');
  const encoding = accepts(accept, 'br') ? 'br' : accepts(accept, 'gzip') ? 'gzip' : null;
  if (!encoding) return answer;
  answer.compressed[encoding] ??= {
    body: compress(answer.body, encoding),
    etag: `${answer.etag.slice(0, -1)}-${encoding}"`,
    encoding,
  };
  return answer.compressed[encoding];
}

/** Catalogue answers may be cached briefly by browsers and proxies; the ETag makes rechecks cheap. */
export const CATALOGUE_CACHE_CONTROL = 'public, max-age=60';

/** If-None-Match may list several tags, or `*`; weak tags compare equal to strong ones. */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const value = tag.trim();
    return value === '*' || value === etag || value === `W/${etag}`;
  });
}
