/**
 * `npm run migrate` (issue 32): `--status` lists the applied migrations with their dates and the
 * pending ones, changing nothing; without arguments it applies what is pending, with the same
 * backup-first rule as a start, and says what it applied; a failing migration is named; with the
 * embedded database held by a running server it says so; anything else gets the usage line.
 */
import path from 'node:path';
import { lockDataDir } from '../../server/db/data-dir-lock';
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE, MIGRATE_USAGE, runMigrateCommand } from '../../server/db/migrate-command';
import { MIGRATIONS } from '../../server/db/migrations/index';
import type { Migration } from '../../server/db/migrations/migration';
import { bothDatabaseKinds, createTestDatabase, type TestDatabase } from '../support/database';
import { appliedIds, backupFiles, failingMigration, migrationTestConfig, tableMigration } from '../support/migrations';

const TIMEOUT_MS = 120_000;

describe.each(bothDatabaseKinds())('npm run migrate (%s)', (kind) => {
  let db: TestDatabase;
  const folders = migrationTestConfig();
  const { config } = folders;
  beforeAll(async () => {
    db = await createTestDatabase(kind);
  }, TIMEOUT_MS);
  afterAll(async () => {
    await db.close();
    folders.remove();
  });

  const run = async (args: string[], migrations: readonly Migration[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runMigrateCommand(config, args, { db, migrations, out: (line) => out.push(line), err: (line) => err.push(line) });
    return { code, out, err: err.join('\n') };
  };

  test('--status lists applied migrations with their dates and pending ones, and changes nothing', async () => {
    const list = [...MIGRATIONS, tableMigration('950_pending'), tableMigration('951_pending')];
    const status = await run(['--status'], list);
    expect(status.code).toBe(EXIT_OK);
    expect(status.err).toBe('');
    expect(status.out[0]).toBe(`Applied (${MIGRATIONS.length}):`);
    expect(status.out[1]).toMatch(/^ {2}001_initial +\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(status.out.slice(-3)).toEqual(['Pending (2):', '  950_pending', '  951_pending']);
    expect(await appliedIds(db.pool)).toEqual(MIGRATIONS.map((migration) => migration.id));
    expect(backupFiles(config)).toEqual([]);
  });

  test('without arguments applies what is pending (backing up first where the rule says) and says what it applied', async () => {
    const list = [...MIGRATIONS, tableMigration('950_pending'), tableMigration('951_pending')];
    const applied = await run([], list);
    expect(applied.code).toBe(EXIT_OK);
    const backups = backupFiles(config);
    // BACKUP_BEFORE_MIGRATE is off here: only the embedded database backs up.
    expect(backups).toHaveLength(kind === 'pglite' ? 1 : 0);
    expect(applied.out).toEqual([
      ...(kind === 'pglite' ? [`Backed up to ${backups[0]} before applying 2 migrations: 950_pending, 951_pending`] : []),
      'Applied 2 migrations: 950_pending, 951_pending',
    ]);
    const status = await run(['--status'], list);
    expect(status.out.slice(-2)).toEqual(['Pending (0):', '  none: the database is up to date']);
    expect((await run([], list)).out).toEqual(['Nothing to apply: the database is up to date.']);
  });

  test('a failing migration is named, rolled back, and the command fails', async () => {
    const result = await run([], [...MIGRATIONS, failingMigration('952_fails')]);
    expect(result.code).toBe(EXIT_FAILED);
    expect(result.err).toBe('Migration 952_fails failed and was rolled back: division by zero. The database is as it was before it.');
    expect(await appliedIds(db.pool)).not.toContain('952_fails');
  });

  test('anything else gets the usage line', async () => {
    for (const args of [['--stats'], ['--status', 'now'], ['apply']]) {
      const result = await run(args, MIGRATIONS);
      expect(result.code).toBe(EXIT_USAGE);
      expect(result.err).toBe(`Unknown arguments: ${args.join(' ')}\n${MIGRATE_USAGE}`);
      expect(result.out).toEqual([]);
    }
  });
});

test('with the embedded database held by the running server, the command says so and changes nothing', async () => {
  const { config, remove } = migrationTestConfig();
  // What the server holds while it runs: the lock on its database folder.
  const unlock = await lockDataDir(path.join(config.dataDir, 'pgdata'), { wait: false, onLost: () => undefined });
  try {
    const err: string[] = [];
    expect(await runMigrateCommand(config, ['--status'], { out: () => undefined, err: (line) => err.push(line) })).toBe(EXIT_FAILED);
    expect(err.join('\n')).toMatch(/Could not open the database: .*is in use by another process \(is the server running\?\)/);
  } finally {
    await unlock();
    remove();
  }
});
