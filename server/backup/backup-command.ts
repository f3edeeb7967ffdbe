/**
 * `npm run backup`: one backup file in BACKUP_DIR, from a running server or a stopped one.
 * PostgreSQL: the command reads the database itself. Embedded database: a running server is asked
 * over its control socket (control-socket.ts); a stopped one is opened here.
 */
import type { Config } from '../config';
import type { Database } from '../db/database';
import { openCommandDatabase } from '../db/data-dir-modes';
import { sealingKeyFingerprint } from './backup-key';
import type { BackupResult } from './backup-types';
import { requestBackup } from './control-socket';
import { recordedBackup } from './recorded-backup';

export const BACKUP_USAGE = 'Usage: npm run backup   (writes one backup file into BACKUP_DIR)';

export interface CommandOptions {
  /** An already-open database (tests); otherwise the server's, from the configuration. */
  db?: Database;
  out?: (line: string) => void;
  err?: (line: string) => void;
}

const megabytes = (bytes: number): string => `${(bytes / 1_048_576).toFixed(1)} MB`;

export function describeBackup(result: BackupResult, config: Config): string[] {
  const { manifest } = result;
  const rows = Object.values(manifest.tables).reduce((sum, table) => sum + table.rows, 0);
  return [
    `Backup written: ${result.file} (${megabytes(result.bytes)} in ${result.seconds.toFixed(1)} s)`,
    `  ${Object.keys(manifest.tables).length} tables, ${rows.toLocaleString('en-CA')} rows ` +
      `(leads: ${(manifest.tables.leads?.rows ?? 0).toLocaleString('en-CA')}), ${Object.keys(manifest.files).length} stored files, ` +
      `migration ${manifest.migrations.at(-1) ?? 'none'}`,
    `  The secrets key is not in it: keep ${config.secretsKey !== null ? 'SECRETS_KEY' : config.secretsKeyFile} apart (docs/operations.md, Backups).`,
  ];
}

async function backupHere(db: Database, config: Config): Promise<BackupResult> {
  return recordedBackup(db, config, {
    reason: 'manual',
    secretsKeyFingerprint: sealingKeyFingerprint(config),
  });
}

export async function runBackupCommand(config: Config, args: string[], options: CommandOptions = {}): Promise<number> {
  const out = options.out ?? ((line: string) => console.log(line));
  const err = options.err ?? ((line: string) => console.error(line));
  if (args.length > 0) {
    err(BACKUP_USAGE);
    return 2;
  }
  try {
    let result: BackupResult | null = null;
    if (options.db) result = await backupHere(options.db, config);
    if (!result && !config.databaseUrl) result = await requestBackup(config.dataDir);
    if (!result) {
      const db = await openCommandDatabase(config, err);
      try {
        result = await backupHere(db, config);
      } finally {
        await db.close();
      }
    }
    for (const line of describeBackup(result, config)) out(line);
    return 0;
  } catch (error) {
    err(`The backup failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}
