/**
 * Migrations at start (issue 32): when migrations are pending and the database already holds data,
 * a backup is taken first (the embedded database always; PostgreSQL when BACKUP_BEFORE_MIGRATE is
 * on) and the log says where it is. No backup, no migration: a backup that fails stops the start.
 * A failing migration stops it too (MigrationFailedError, from migrate.ts), its own changes rolled back.
 */
import type { Config } from '../config';
import { createBackup } from '../backup/create-backup';
import { recordBackupRun } from '../backup/backup-runs';
import type { BackupResult } from '../backup/backup-types';
import { sealingKeyFingerprint } from '../backup/backup-key';
import type { Database } from './database';
import { migrate, migrationStatus } from './migrate';
import type { Migration } from './migrations/migration';

export interface UpgradeLog {
  info(line: string): void;
  warn(line: string): void;
}

export class BackupBeforeMigrateError extends Error {
  constructor(reason: string, pending: readonly string[]) {
    super(
      `The backup before applying ${pending.length} pending migrations (${pending.join(', ')}) failed: ${reason}. ` +
        'Nothing was migrated; the server did not start. Fix the cause (BACKUP_DIR writable, disk space) and start again.',
    );
    this.name = 'BackupBeforeMigrateError';
  }
}

/** Whether pending migrations get a backup first: always on the embedded database, by choice on PostgreSQL. */
export function backsUpBeforeMigrating(db: Pick<Database, 'kind'>, config: Pick<Config, 'backupBeforeMigrate'>): boolean {
  return db.kind === 'pglite' || config.backupBeforeMigrate;
}

/** Backs up when the rule asks for it, then applies what is pending; returns the ids applied. */
export async function migrateAtStart(
  db: Database,
  config: Config,
  log: UpgradeLog,
  secretsKeyFingerprint: string | null,
  migrations?: readonly Migration[],
): Promise<string[]> {
  const status = await migrationStatus(db, migrations);
  // A fresh database (no migration applied yet) has nothing a backup could keep.
  if (status.pending.length === 0 || status.applied.length === 0 || !backsUpBeforeMigrating(db, config)) return migrate(db, migrations);
  const startedAt = new Date();
  let backup: BackupResult;
  try {
    backup = await createBackup(db, config, {
      reason: 'before-migrate',
      secretsKeyFingerprint,
    });
  } catch (error) {
    throw new BackupBeforeMigrateError(error instanceof Error ? error.message : String(error), status.pending);
  }
  log.info(`Backed up to ${backup.file} before applying ${status.pending.length} migrations: ${status.pending.join(', ')}`);
  const applied = await migrate(db, migrations);
  // Recorded after the migrations: the record's table may be one of them (034); a failed record must not stop a start.
  await recordBackupRun(db.pool, {
    reason: 'before-migrate',
    startedAt,
    finishedAt: new Date(),
    ok: true,
    file: backup.file,
    bytes: backup.bytes,
  }).catch((error: unknown) =>
    log.warn(`the backup before migrating was not recorded in backup_runs: ${error instanceof Error ? error.message : String(error)}`),
  );
  return applied;
}

/** What a command (add-staff, rotate-secrets, migrate) does first after an upgrade: the start's backup-first rule. */
export function migrateForCommand(
  db: Database,
  config: Config,
  out: (line: string) => void,
  err: (line: string) => void,
  migrations?: readonly Migration[],
): Promise<string[]> {
  return migrateAtStart(db, config, { info: out, warn: err }, sealingKeyFingerprint(config), migrations);
}
