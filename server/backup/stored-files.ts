/**
 * The files the product keeps under DATA_DIR beside its database, which a backup carries:
 * leads accepted during a database outage and not yet written (the spool). Professor photos and
 * applicants' documents (issue 33, encrypted; a restore needs the secrets key to open them) live
 * in the database.
 * The mail outbox folder is not: it holds copies of mail already delivered to files.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FileSummary } from './backup-types';

export const STORED_FILE_FOLDERS = ['spool/leads'] as const;

export const fileMember = (relative: string): string => `files/${relative}`;

async function listFiles(folder: string): Promise<string[]> {
  try {
    const entries = await fs.promises.readdir(folder, { withFileTypes: true, recursive: true });
    // A `.tmp` file is one being written: its finished twin is linked in place when it is whole.
    return entries
      .filter((entry) => entry.isFile() && !entry.name.endsWith('.tmp'))
      .map((entry) => path.join(entry.parentPath, entry.name));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/**
 * Copies the stored files into `folder` (as `files/<path under DATA_DIR>`) and sums them up. A
 * file that goes away while this runs (a spooled lead written to the database meanwhile) is
 * skipped: the database snapshot, taken after, holds it.
 */
export async function copyStoredFiles(dataDir: string, folder: string): Promise<Record<string, FileSummary>> {
  const files: Record<string, FileSummary> = {};
  for (const stored of STORED_FILE_FOLDERS) {
    for (const file of await listFiles(path.join(dataDir, stored))) {
      const relative = path.relative(dataDir, file).split(path.sep).join('/');
      let bytes: Buffer;
      try {
        bytes = await fs.promises.readFile(file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw error;
      }
      const target = path.join(folder, fileMember(relative));
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      await fs.promises.writeFile(target, bytes, { mode: 0o600 });
      files[relative] = { bytes: bytes.length, sha256: crypto.createHash('sha256').update(bytes).digest('hex') };
    }
  }
  return files;
}
