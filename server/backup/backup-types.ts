/**
 * What a backup is (docs/operations.md): one tar file of gzip-compressed members, in this order:
 * `files/<path under DATA_DIR>` (stored files), `tables/<table>.ndjson.gz` (one JSON object a
 * row, generated columns left out, in primary-key order), `sequences.json.gz`, and last
 * `manifest.json`, which restore checks every member against before it writes anything.
 */
export const BACKUP_FORMAT = 'college-backup';
export const BACKUP_FORMAT_VERSION = 1;

export type BackupReason = 'manual' | 'scheduled' | 'before-migrate';

export interface TableSummary {
  rows: number;
  /** SHA-256 of the table's rows as written (one JSON text a line, each ending in a newline). */
  sha256: string;
}

export interface FileSummary {
  bytes: number;
  sha256: string;
}

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  product: { name: string; version: string };
  createdAt: string;
  reason: BackupReason;
  database: 'pglite' | 'postgres';
  /** Applied migrations at the backup's moment, in order; the last is its migration level. */
  migrations: string[];
  tables: Record<string, TableSummary>;
  sequences: TableSummary;
  files: Record<string, FileSummary>;
  /** Which secrets key sealed the two-factor secrets and queued links (a fingerprint, never the key). */
  secretsKeyFingerprint: string | null;
}

export interface BackupResult {
  file: string;
  bytes: number;
  seconds: number;
  manifest: BackupManifest;
}
