/** Writes one backup file of the running database and the stored files (backup-types.ts). */
import type { Database } from '../db/database';
import type { BackupReason, BackupResult } from './backup-types';

export interface CreateBackupOptions {
  dataDir: string;
  backupDir: string;
  reason: BackupReason;
  /** Fingerprint of the sealing key (secrets/secret-key.ts keyFingerprint); null when unknown. */
  secretsKeyFingerprint: string | null;
  now?: () => Date;
}

export async function createBackup(db: Database, options: CreateBackupOptions): Promise<BackupResult> {
  void db;
  void options;
  throw new Error('not yet');
}
