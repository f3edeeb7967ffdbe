/**
 * A backup file is read twice on restore: first here, where every member is checked against the
 * manifest (count and SHA-256) before anything is written, so a truncated or altered file is
 * refused whole instead of half-restored.
 */
import crypto from 'node:crypto';
import { MIGRATIONS } from '../db/migrations/index';
import { gunzipped, readArchive } from './archive';
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, type BackupManifest, type TableSummary } from './backup-types';
import { SEQUENCES_MEMBER, tableMember } from './dump-database';
import { fileMember } from './stored-files';

export class BackupFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupFileError';
  }
}

async function summarise(bytes: AsyncIterable<Buffer>, gzipped: boolean): Promise<TableSummary & { bytes: number }> {
  const hash = crypto.createHash('sha256');
  let rows = 0;
  let size = 0;
  const source = gzipped ? gunzipped(bytes) : bytes;
  for await (const chunk of source) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    hash.update(buffer);
    size += buffer.length;
    for (const byte of buffer) if (byte === 10) rows += 1;
  }
  return { rows, bytes: size, sha256: hash.digest('hex') };
}

function readManifest(text: string, file: string): BackupManifest {
  let manifest: Partial<BackupManifest>;
  try {
    manifest = JSON.parse(text) as Partial<BackupManifest>;
  } catch {
    throw new BackupFileError(`${file} is not a backup of this product: its manifest is not JSON.`);
  }
  if (manifest.format !== BACKUP_FORMAT || typeof manifest.formatVersion !== 'number' || !manifest.tables || !manifest.migrations) {
    throw new BackupFileError(`${file} is not a backup of this product (no college-backup manifest).`);
  }
  if (manifest.formatVersion > BACKUP_FORMAT_VERSION) {
    throw new BackupFileError(
      `${file} was written by a newer version (backup format ${manifest.formatVersion}); upgrade this installation first.`,
    );
  }
  return manifest as BackupManifest;
}

/** The backup's migrations must be the first ones this version knows, in the same order. */
export function checkMigrationLevel(manifest: BackupManifest): number {
  const known = MIGRATIONS.map((migration) => migration.id);
  manifest.migrations.forEach((id, index) => {
    if (known[index] !== id) {
      throw new BackupFileError(
        known.includes(id)
          ? `The backup's migrations are not in this version's order (${id}); it cannot be restored here.`
          : `The backup is from a newer version (migration ${id} is unknown here): upgrade this installation first, then restore.`,
      );
    }
  });
  return manifest.migrations.length;
}

/** Reads the whole file once; resolves with its manifest when every member matches it. */
export async function verifyBackup(file: string): Promise<BackupManifest> {
  const seen = new Map<string, TableSummary & { bytes: number }>();
  let manifestText: string | null = null;
  try {
    for await (const member of readArchive(file)) {
      if (member.name === 'manifest.json') {
        manifestText = (await summariseText(member.stream)).toString('utf8');
      } else {
        seen.set(member.name, await summarise(member.stream, member.name.endsWith('.gz')));
      }
    }
  } catch (error) {
    throw new BackupFileError(`${file} cannot be read as a backup: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (manifestText === null) throw new BackupFileError(`${file} has no manifest: it is incomplete (was it cut short?).`);
  const manifest = readManifest(manifestText, file);
  checkMigrationLevel(manifest);
  const expected: [string, { rows?: number; bytes?: number; sha256: string }][] = [
    ...Object.entries(manifest.tables).map(([name, summary]): [string, TableSummary] => [tableMember(name), summary]),
    [SEQUENCES_MEMBER, manifest.sequences],
    ...Object.entries(manifest.files).map(([name, summary]): [string, { bytes: number; sha256: string }] => [fileMember(name), summary]),
  ];
  for (const [name, summary] of expected) {
    const found = seen.get(name);
    if (!found) throw new BackupFileError(`${file} is missing ${name}, which its manifest lists.`);
    if (found.sha256 !== summary.sha256 || (summary.rows !== undefined && found.rows !== summary.rows)) {
      throw new BackupFileError(`${file} is damaged: ${name} does not match its manifest's checksum.`);
    }
  }
  return manifest;
}

async function summariseText(bytes: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of bytes) chunks.push(chunk);
  return Buffer.concat(chunks);
}
