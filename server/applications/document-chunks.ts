/**
 * The bytes of applicants' documents (issue 33), encrypted in the database, so every instance
 * behind the proxy serves every document, a backup carries them with the rows, and a document's
 * bytes and its row commit (or roll back) together: no orphan file, no half-written one.
 *
 * Each document has its own random 32-byte data key, sealed with the product's secrets key in its
 * row (`sealed_key`). Its bytes are cut into 1 MiB chunks, each AES-256-GCM with its own IV and
 * tag: `iv ‖ ciphertext ‖ tag`. A chunk's associated data names the document, its place and the
 * number of chunks, so a chunk moved to another document or place, or a document cut short, does
 * not open. Chunks are encrypted one at a time, so the ciphertext is never a second whole copy.
 */
import crypto from 'node:crypto';
import type { Queryable } from '../db/database';

export const CHUNK_BYTES = 1024 * 1024;
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class DocumentUnreadable extends Error {}

export function newDataKey(): Buffer {
  return crypto.randomBytes(32);
}

const chunkCount = (bytes: number) => Math.ceil(bytes / CHUNK_BYTES);
const aad = (id: string, n: number, count: number) => Buffer.from(`document:${id}:${n}/${count}`, 'utf8');

/** In the transaction that inserts the document's row. */
export async function writeChunks(tx: Queryable, id: string, key: Buffer, plain: Buffer): Promise<void> {
  const count = chunkCount(plain.length);
  for (let n = 0; n < count; n += 1) {
    const iv = crypto.randomBytes(IV_BYTES);
    const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
    cipher.setAAD(aad(id, n, count));
    const body = cipher.update(plain.subarray(n * CHUNK_BYTES, (n + 1) * CHUNK_BYTES));
    const sealed = Buffer.concat([iv, body, cipher.final(), cipher.getAuthTag()]);
    await tx.query('INSERT INTO application_document_chunks (document_id, n, sealed) VALUES ($1, $2, $3)', [id, n, sealed]);
  }
}

/**
 * The whole document, each chunk authenticated before it is used, into one buffer of the row's
 * size. Throws DocumentUnreadable for a missing, altered or misplaced chunk.
 */
export async function readChunks(db: Queryable, id: string, key: Buffer, bytes: number): Promise<Buffer> {
  const count = chunkCount(bytes);
  const whole = Buffer.allocUnsafe(bytes);
  let offset = 0;
  for (let n = 0; n < count; n += 1) {
    const { rows } = await db.query<{ sealed: Buffer }>(
      'SELECT sealed FROM application_document_chunks WHERE document_id = $1 AND n = $2',
      [id, n],
    );
    const sealed = rows[0]?.sealed;
    if (!sealed || sealed.length < IV_BYTES + TAG_BYTES) throw new DocumentUnreadable(`document ${id}: chunk ${n} of ${count} is missing`);
    const decipher = crypto.createDecipheriv('aes-256-gcm', key, sealed.subarray(0, IV_BYTES));
    decipher.setAAD(aad(id, n, count));
    decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
    try {
      const plain = Buffer.concat([decipher.update(sealed.subarray(IV_BYTES, sealed.length - TAG_BYTES)), decipher.final()]);
      if (offset + plain.length > bytes) throw new Error('longer than its row says');
      plain.copy(whole, offset);
      offset += plain.length;
    } catch {
      throw new DocumentUnreadable(`document ${id}: chunk ${n} of ${count} does not open (altered, or moved from elsewhere)`);
    }
  }
  if (offset !== bytes) throw new DocumentUnreadable(`document ${id}: ${offset} bytes where its row says ${bytes}`);
  return whole;
}

/** The chunks of documents no longer current (replaced by a new upload), in the replacing transaction. */
export async function dropChunks(tx: Queryable, documentIds: string[]): Promise<void> {
  if (documentIds.length > 0)
    await tx.query('DELETE FROM application_document_chunks WHERE document_id = ANY($1::char(24)[])', [documentIds]);
}
