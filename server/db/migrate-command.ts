/**
 * `npm run migrate` applies pending migrations with the same backup-first rule as a start
 * (server/db/upgrade.ts) and prints what it applied; `npm run migrate -- --status` lists the applied
 * migrations (id and date) and the pending ones, changing nothing. With the embedded database, stop
 * the server first: one folder, one process (the command says so when the folder is locked).
 */
import type { Config } from '../config';
import type { Database } from './database';
import { openForCommand } from './data-dir-modes';
import { MigrationFailedError, migrationStatus } from './migrate';
import type { Migration } from './migrations/migration';
import { migrateForCommand } from './upgrade';

export const EXIT_OK = 0;
export const EXIT_FAILED = 1;
export const EXIT_USAGE = 2;

export const MIGRATE_USAGE = 'Usage: npm run migrate [-- --status]';

export interface MigrateCommandOptions {
  /** An already-open database (tests); otherwise the server's, from the configuration. */
  db?: Database;
  /** The migrations to know of (tests); every migration when left out. */
  migrations?: readonly Migration[];
  out?: (line: string) => void;
  err?: (line: string) => void;
}

export async function runMigrateCommand(config: Config, args: string[], options: MigrateCommandOptions = {}): Promise<number> {
  const out = options.out ?? ((line: string) => console.log(line));
  const err = options.err ?? ((line: string) => console.error(line));
  const statusOnly = args.length === 1 && args[0] === '--status';
  if (args.length > 0 && !statusOnly) {
    err(`Unknown arguments: ${args.join(' ')}\n${MIGRATE_USAGE}`);
    return EXIT_USAGE;
  }
  const db = await openForCommand(config, options.db, err);
  if (!db) return EXIT_FAILED;
  try {
    if (statusOnly) {
      for (const line of statusLines(await migrationStatus(db, options.migrations))) out(line);
      return EXIT_OK;
    }
    const applied = await migrateForCommand(db, config, out, err, options.migrations);
    out(
      applied.length === 0
        ? 'Nothing to apply: the database is up to date.'
        : `Applied ${applied.length} migrations: ${applied.join(', ')}`,
    );
    return EXIT_OK;
  } catch (error) {
    err(
      error instanceof MigrationFailedError
        ? `Migration ${error.migrationId} failed and was rolled back: ${error.reason}. The database is as it was before it.`
        : `Could not migrate: ${error instanceof Error ? error.message : String(error)}`,
    );
    return EXIT_FAILED;
  } finally {
    if (!options.db) await db.close();
  }
}

function statusLines(status: Awaited<ReturnType<typeof migrationStatus>>): string[] {
  const width = Math.max(0, ...status.applied.map((migration) => migration.id.length));
  return [
    `Applied (${status.applied.length}):`,
    ...status.applied.map((migration) => `  ${migration.id.padEnd(width)}  ${migration.appliedAt.toISOString()}`),
    `Pending (${status.pending.length}):`,
    ...(status.pending.length === 0 ? ['  none: the database is up to date'] : status.pending.map((id) => `  ${id}`)),
  ];
}
