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
