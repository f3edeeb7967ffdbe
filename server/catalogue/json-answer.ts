/** A JSON answer serialised once, with its strong ETag, ready to be sent as is. */
import crypto from 'node:crypto';

export interface JsonAnswer {
  /** The UTF-8 bytes, so replying costs no serialisation or encoding. */
  body: Buffer;
  etag: string;
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
