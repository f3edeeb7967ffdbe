/**
 * The encrypted files of applicants' documents (issue 33), under DATA_DIR/applications, never in
 * the web root. Each file has its own random 32-byte data key (sealed with the product's secrets
 * key in the database row) and is AES-256-GCM: iv ‖ ciphertext ‖ tag. It is written through the
 * cipher in chunks to a `.tmp` name, flushed to disk and renamed, so a crash never leaves a
 * half-written file under the real name; the row that points at it is committed after. A file
 * without a row (a crash between the two) is removed by removeOrphanFiles once it is an hour old.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Queryable } from '../db/database';

export const DOCUMENTS_FOLDER = 'applications';
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Written in slices, so the ciphertext is never a second whole copy of the file in memory. */
const SLICE_BYTES = 256 * 1024;
export const ORPHAN_AGE_MS = 60 * 60 * 1000;

export const documentsDir = (dataDir: string): string => path.join(dataDir, DOCUMENTS_FOLDER);
const fileOf = (dir: string, id: string) => path.join(dir, `${id}.bin`);

export function newDataKey(): Buffer {
  return crypto.randomBytes(32);
}

/** The document's id is authenticated with its bytes: a file renamed to another id does not open. */
const aad = (id: string) => Buffer.from(`document:${id}`, 'utf8');

export async function writeEncrypted(dir: string, id: string, key: Buffer, plain: Buffer): Promise<void> {
  await fs.promises.mkdir(dir, { recursive: true, mode: 0o700 });
  const iv = crypto.randomBytes(IV_BYTES);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(aad(id));
  const temp = `${fileOf(dir, id)}.tmp`;
  const handle = await fs.promises.open(temp, 'wx', 0o600);
  try {
    await handle.write(iv);
    for (let offset = 0; offset < plain.length; offset += SLICE_BYTES) {
      await handle.write(cipher.update(plain.subarray(offset, offset + SLICE_BYTES)));
    }
    await handle.write(cipher.final());
    await handle.write(cipher.getAuthTag());
    await handle.sync();
  } catch (error) {
    await handle.close();
    await fs.promises.rm(temp, { force: true });
    throw error;
  }
  await handle.close();
  await fs.promises.rename(temp, fileOf(dir, id));
  await syncFolder(dir);
}

/** The rename itself is on disk only once the folder is flushed. */
async function syncFolder(dir: string): Promise<void> {
  const folder = await fs.promises.open(dir, 'r');
  try {
    await folder.sync();
  } catch {
    // Some file systems refuse fsync on a folder; the rename still happened.
  } finally {
    await folder.close();
  }
}

/** The whole file, decrypted and authenticated (nothing is released before the tag checks). */
export async function readDecrypted(dir: string, id: string, key: Buffer): Promise<Buffer> {
  const sealed = await fs.promises.readFile(fileOf(dir, id));
  const decipher = crypto.createDecipheriv('aes-256-gcm', key, sealed.subarray(0, IV_BYTES));
  decipher.setAAD(aad(id));
  decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
  return Buffer.concat([decipher.update(sealed.subarray(IV_BYTES, sealed.length - TAG_BYTES)), decipher.final()]);
}

export async function removeFile(dir: string, id: string): Promise<void> {
  await fs.promises.rm(fileOf(dir, id), { force: true });
}

/**
 * Files with no row (an upload whose transaction never committed: a crash between the rename and
 * the commit) and `.tmp` files left by a crash mid-write, older than an hour so an upload under
 * way is never touched. Returns how many were removed.
 */
export async function removeOrphanFiles(db: Queryable, dataDir: string, now = Date.now()): Promise<number> {
  const dir = documentsDir(dataDir);
  let names: string[];
  try {
    names = await fs.promises.readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  const old: { name: string; id: string }[] = [];
  for (const name of names) {
    const id = /^([0-9a-f]{24})\.bin(\.tmp)?$/.exec(name)?.[1];
    if (!id) continue;
    const stat = await fs.promises.stat(path.join(dir, name)).catch(() => null);
    if (stat && now - stat.mtimeMs > ORPHAN_AGE_MS) old.push({ name, id });
  }
  if (old.length === 0) return 0;
  const { rows } = await db.query<{ id: string }>(
    "SELECT id FROM application_documents WHERE id = ANY($1::char(24)[]) AND status <> 'replaced'",
    [old.map((file) => file.id)],
  );
  const kept = new Set(rows.map((row) => row.id));
  let removed = 0;
  for (const file of old) {
    if (kept.has(file.id) && !file.name.endsWith('.tmp')) continue;
    await fs.promises.rm(path.join(dir, file.name), { force: true });
    removed += 1;
  }
  return removed;
}
