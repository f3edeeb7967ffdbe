/** A JSON answer serialised once, with its strong ETag, ready to be sent as is. */
import crypto from 'node:crypto';
import zlib from 'node:zlib';

export interface JsonAnswer {
  /** The UTF-8 bytes, so replying costs no serialisation or encoding. */
  body: Buffer;
  etag: string;
  /** Compressed copies, made on first request for them and kept with the answer. */
  brotli?: Buffer;
  gzip?: Buffer;
}

/** Below this, compression saves less than its headers and time cost. */
const COMPRESS_FROM_BYTES = 1024;

/** The bytes to send for a client's Accept-Encoding: brotli, else gzip, else as is. */
export function encodedBody(answer: JsonAnswer, acceptEncoding: string | string[] | undefined): { body: Buffer; encoding: 'br' | 'gzip' | null } {
  const accept = String(acceptEncoding ?? '');
  if (answer.body.length < COMPRESS_FROM_BYTES) return { body: answer.body, encoding: null };
  if (/\bbr\b/.test(accept)) {
    answer.brotli ??= zlib.brotliCompressSync(answer.body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } });
    return { body: answer.brotli, encoding: 'br' };
  }
  if (/\bgzip\b/.test(accept)) {
    answer.gzip ??= zlib.gzipSync(answer.body, { level: 9 });
    return { body: answer.gzip, encoding: 'gzip' };
  }
  return { body: answer.body, encoding: null };
}

export function jsonAnswer(value: unknown): JsonAnswer {
  const body = Buffer.from(JSON.stringify(value), 'utf8');
  return { body, etag: `"${crypto.createHash('sha1').update(body).digest('base64url')}"` };
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
