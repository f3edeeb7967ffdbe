/**
 * Migrations at start (issue 32): pending migrations are applied after a backup when the
 * database already holds data (the embedded database always; PostgreSQL with
 * BACKUP_BEFORE_MIGRATE). Filled in by the upgrade work.
 */
import type { Config } from '../config';
import type { Database } from './database';
import { migrate } from './migrate';
import type { Migration } from './migrations/migration';

export interface UpgradeLog {
  info(line: string): void;
  warn(line: string): void;
}

export async function migrateAtStart(
  db: Database,
  config: Config,
  log: UpgradeLog,
  secretsKeyFingerprint: string | null,
  migrations?: readonly Migration[],
): Promise<void> {
  void config;
  void log;
  void secretsKeyFingerprint;
  await migrate(db, migrations);
}
