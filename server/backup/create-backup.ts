/**
 * Writes one backup file of the running database and the stored files (backup-types.ts), without
 * stopping anything: the stored files first, then the database from one consistent snapshot, so a
 * spooled lead written to the database in between is in the backup at least once (the spool's
 * idempotency key makes a second copy harmless). The file appears under its final name only
 * when it is whole and on disk.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { VERSION } from '../version';
import { writeArchive } from './archive';
import { backupFileName } from './backup-file-name';
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, type BackupManifest, type BackupReason, type BackupResult } from './backup-types';
import { dumpDatabase, SEQUENCES_MEMBER, tableMember } from './dump-database';
import { copyStoredFiles, fileMember } from './stored-files';

/** Where a backup reads the stored files from and writes its file: the configuration's DATA_DIR and BACKUP_DIR. */
export type BackupFolders = Pick<Config, 'dataDir' | 'backupDir'>;

export interface CreateBackupOptions {
  reason: BackupReason;
  /** Fingerprint of the sealing key (secrets/secret-key.ts keyFingerprint); null when unknown. */
  secretsKeyFingerprint: string | null;
  now?: () => Date;
}

export async function createBackup(db: Database, folders: BackupFolders, options: CreateBackupOptions): Promise<BackupResult> {
  const started = performance.now();
  const at = options.now?.() ?? new Date();
  await fs.promises.mkdir(folders.backupDir, { recursive: true, mode: 0o700 });
  // Two backups in one second (a retried job, a command beside the schedule) do not overwrite each other.
  let copy = 1;
  while (fs.existsSync(path.join(folders.backupDir, backupFileName(at, options.reason, copy)))) copy += 1;
  const file = path.join(folders.backupDir, backupFileName(at, options.reason, copy));
  const work = await fs.promises.mkdtemp(path.join(folders.backupDir, '.partial-'));
  try {
    const files = await copyStoredFiles(folders.dataDir, work);
    const dump = await db.readSnapshot((reader) => dumpDatabase(reader, work));
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      product: { name: 'college-web', version: VERSION },
      createdAt: at.toISOString(),
      reason: options.reason,
      database: db.kind,
      migrations: dump.migrations,
      tables: dump.tables,
      sequences: dump.sequences,
      files,
      secretsKeyFingerprint: options.secretsKeyFingerprint,
    };
    const members = [...Object.keys(files).map(fileMember), ...Object.keys(dump.tables).map(tableMember), SEQUENCES_MEMBER];
    const partial = `${file}.partial`;
    try {
      await writeArchive(partial, work, members, manifest);
      await fs.promises.rename(partial, file);
    } catch (error) {
      await fs.promises.rm(partial, { force: true });
      throw error;
    }
    const { size } = await fs.promises.stat(file);
    return { file, bytes: size, seconds: (performance.now() - started) / 1000, manifest };
  } finally {
    await fs.promises.rm(work, { recursive: true, force: true });
  }
}
