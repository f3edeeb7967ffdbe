/**
 * A JSON answer serialised once, with its strong ETag, ready to be sent as is — and, when it is
 * big enough to gain from it, gzipped once too (every embedded widget and site page reads these).
 */
import crypto from 'node:crypto';
import zlib from 'node:zlib';

export interface Representation {
  body: Buffer;
  etag: string;
}

/** `body`: the UTF-8 bytes, so replying costs no serialisation or encoding. */
export interface JsonAnswer extends Representation {
  /** The same answer gzipped, with its own ETag (another representation); null when small. */
  gzip: Representation | null;
}

/** Below this, gzip saves less than a packet: such answers are sent as they are. */
const GZIP_MIN_BYTES = 1024;

export function jsonAnswer(value: unknown): JsonAnswer {
  const body = Buffer.from(JSON.stringify(value), 'utf8');
  const hash = crypto.createHash('sha1').update(body).digest('base64url');
  const gzip = body.length >= GZIP_MIN_BYTES ? { body: zlib.gzipSync(body, { level: 9 }), etag: `"${hash}-gz"` } : null;
  return { body, etag: `"${hash}"`, gzip };
}

/** The representation to send: gzip when the client accepts it (and the answer has one). */
export function chooseRepresentation(answer: JsonAnswer, acceptEncoding: string | string[] | undefined): Representation & { gzipped: boolean } {
  const accept = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : (acceptEncoding ?? '');
  if (answer.gzip && /\bgzip\b(?!\s*;\s*q=0(\.0*)?\s*(,|$))/i.test(accept)) return { ...answer.gzip, gzipped: true };
  return { body: answer.body, etag: answer.etag, gzipped: false };
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
