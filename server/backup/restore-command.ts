/**
 * `npm run restore -- FILE [--force]`: checks the whole file against its manifest, then restores
 * it into the configured database (DATABASE_URL, or the embedded one in DATA_DIR, the server
 * stopped) when that is empty, or after emptying it when --force says so; then this version's
 * newer migrations, and the counts.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import { openCommandDatabase } from '../db/data-dir-modes';
import type { CommandOptions } from './backup-command';
import { keyWarning } from './backup-key';
import { restoreBackup } from './restore-backup';
import { emptyDatabase, tableCount } from './restore-target';
import { STORED_FILE_FOLDERS } from './stored-files';
import { verifyBackup } from './verify-backup';

export const RESTORE_USAGE = 'Usage: npm run restore -- FILE [--force]   (--force replaces whatever the target database holds)';
export const EXIT_TARGET_NOT_EMPTY = 3;

export async function runRestoreCommand(config: Config, args: string[], options: CommandOptions = {}): Promise<number> {
  const out = options.out ?? ((line: string) => console.log(line));
  const err = options.err ?? ((line: string) => console.error(line));
  const force = args.includes('--force');
  const files = args.filter((arg) => arg !== '--force');
  if (files.length !== 1 || files[0]?.startsWith('-')) {
    err(RESTORE_USAGE);
    return 2;
  }
  const file = path.resolve(files[0] ?? '');
  try {
    const manifest = await verifyBackup(file);
    out(
      `Checked ${file}: taken ${manifest.createdAt} on ${manifest.database}, migration ${manifest.migrations.at(-1) ?? 'none'}, every member matches its manifest.`,
    );
    const db = options.db ?? (await openCommandDatabase(config, err));
    try {
      const tables = await tableCount(db);
      if (tables > 0 && !force) {
        err(
          `The target ${config.databaseUrl ? 'database' : `database in ${config.dataDir}`} already holds data (${tables} tables): nothing was changed. ` +
            'Restore into an empty database, or add --force to delete everything in it first.',
        );
        return EXIT_TARGET_NOT_EMPTY;
      }
      if (tables > 0) {
        await emptyDatabase(db);
        for (const folder of STORED_FILE_FOLDERS) fs.rmSync(path.join(config.dataDir, folder), { recursive: true, force: true });
        out('--force: the target was emptied.');
      }
      const report = await restoreBackup(db, file, manifest, config.dataDir);
      const total = Object.values(report.rows).reduce((sum, rows) => sum + rows, 0);
      out(`Restored ${total.toLocaleString('en-CA')} rows in ${Object.keys(report.rows).length} tables and ${report.files} stored files:`);
      for (const [table, rows] of Object.entries(report.rows)) if (rows > 0) out(`  ${table}: ${rows.toLocaleString('en-CA')}`);
      out(
        report.migrated.length
          ? `Applied ${report.migrated.length} newer migrations: ${report.migrated.join(', ')}`
          : 'No newer migrations to apply.',
      );
      const warning = keyWarning(config, manifest.secretsKeyFingerprint);
      if (warning) err(warning);
      return 0;
    } finally {
      if (!options.db) await db.close();
    }
  } catch (error) {
    err(`The restore failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}
