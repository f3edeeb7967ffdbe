/**
 * Upgrades that cannot lose the data (issue 32): each migration commits on its own, so a failing
 * one is rolled back alone, leaves the data as it was and names itself; the server then does not
 * start, and the backups stay: an earlier one, and the one taken before migrating (the embedded
 * database always, PostgreSQL with BACKUP_BEFORE_MIGRATE: migrations-backup-first.test.ts).
 * Instances migrating together apply each migration once.
 */
import fs from 'node:fs';
import { createBackup } from '../../server/backup/create-backup';
import { verifyBackup } from '../../server/backup/verify-backup';
import { openDatabase } from '../../server/db/database';
import { migrate, MIGRATION_LOCK_KEY, MigrationFailedError, migrationStatus } from '../../server/db/migrate';
import { MIGRATIONS } from '../../server/db/migrations/index';
import { startServer } from '../../server/server';
import { bothDatabaseKinds, createTestDatabase, type TestDatabase } from '../support/database';
import {
  appliedIds,
  backupFiles,
  failingMigration,
  migrationTestConfig,
  productCounts,
  tableExists,
  tableMigration,
  tableOf,
} from '../support/migrations';

/** A database clone and a server start (which fails here) take seconds, more under a busy suite. */
const TIMEOUT_MS = 120_000;
const LAST_SHIPPED = MIGRATIONS[MIGRATIONS.length - 1]?.id;

describe.each(bothDatabaseKinds())('migrations, each in its own transaction (%s)', (kind) => {
  let db: TestDatabase;
  beforeEach(async () => {
    db = await createTestDatabase(kind);
  }, TIMEOUT_MS);
  afterEach(async () => {
    await db.close();
  });

  test('a failing migration is rolled back alone: those before it stay, the data is intact, the error names it', async () => {
    const before = await productCounts(db.pool);
    const [ok1, ok2, failing] = [tableMigration('900_ok_one'), tableMigration('901_ok_two'), failingMigration('902_fails')];
    const error = await migrate(db, [...MIGRATIONS, ok1, ok2, failing]).then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(MigrationFailedError);
    expect((error as Error).message).toBe(
      'Migration 902_fails failed and was rolled back: division by zero. The database is as it was before it; the server did not start.',
    );
    expect((await appliedIds(db.pool)).slice(-3)).toEqual([LAST_SHIPPED, '900_ok_one', '901_ok_two']);
    expect(await tableExists(db.pool, tableOf('900_ok_one'))).toBe(true);
    expect(await tableExists(db.pool, tableOf('901_ok_two'))).toBe(true);
    expect(await tableExists(db.pool, tableOf('902_fails'))).toBe(false);
    expect(await productCounts(db.pool)).toEqual(before);
    expect((await migrationStatus(db, [...MIGRATIONS, ok1, ok2, failing])).pending).toEqual(['902_fails']);
    // Fixed, it applies on the next run, and nothing else runs twice.
    expect(await migrate(db, [...MIGRATIONS, ok1, ok2, tableMigration('902_fails')])).toEqual(['902_fails']);
  });

  test('the server does not start when a migration fails; the data, the earlier backup and the one taken before migrating stay', async () => {
    // Logged at info: the line that says where the backup is.
    const { config, remove } = migrationTestConfig({ LOG_LEVEL: 'info' });
    try {
      const before = await productCounts(db.pool);
      // A backup from before the upgrade (last night's), which nothing may touch.
      const previous = await createBackup(db, config, {
        reason: 'manual',
        secretsKeyFingerprint: null,
      });
      const previousBytes = fs.readFileSync(previous.file);
      const lines: string[] = [];
      const start = startServer(config, {
        db,
        listen: false,
        logDestination: { write: (line: string) => lines.push(line) },
        migrations: [...MIGRATIONS, tableMigration('910_ok'), failingMigration('911_fails')],
      });
      await expect(start).rejects.toThrow(
        'Migration 911_fails failed and was rolled back: division by zero. The database is as it was before it; the server did not start.',
      );
      expect(await productCounts(db.pool)).toEqual(before);
      expect(await appliedIds(db.pool)).toContain('910_ok');
      expect(await appliedIds(db.pool)).not.toContain('911_fails');
      expect(fs.readFileSync(previous.file).equals(previousBytes)).toBe(true);
      const backups = backupFiles(config).filter((file) => file !== previous.file);
      if (kind === 'pglite') {
        // The embedded database always backs up first, and says where; the failure leaves that file alone.
        expect(backups).toHaveLength(1);
        const [file] = backups as [string];
        const manifest = await verifyBackup(file);
        expect(manifest.reason).toBe('before-migrate');
        expect(manifest.migrations.at(-1)).toBe(LAST_SHIPPED);
        expect(lines.join('')).toContain(`Backed up to ${file} before applying 2 migrations: 910_ok, 911_fails`);
      } else {
        expect(backups).toEqual([]);
      }
    } finally {
      remove();
    }
  });
});

const onPostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;

onPostgres('migrating from several instances at once (postgres)', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase('postgres');
  }, TIMEOUT_MS);
  afterAll(async () => {
    await db.close();
  });

  test('two instances migrating together apply each migration once: the second waits, then finds nothing pending', async () => {
    const list = [...MIGRATIONS, tableMigration('940_once'), tableMigration('941_once')];
    const [first, second] = [
      await openDatabase({ databaseUrl: db.url, schema: db.schema ?? undefined }),
      await openDatabase({ databaseUrl: db.url, schema: db.schema ?? undefined }),
    ];
    // A third session holds the migrations' lock until both instances are waiting for it.
    const holder = await db.pool.connect();
    try {
      await holder.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      const runs = [migrate(first, list), migrate(second, list)];
      await waitUntil(async () => (await waitingForAdvisoryLock(db)) === 2);
      await holder.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
      const applied = await Promise.all(runs);
      expect(applied.map((ids) => ids.length).sort()).toEqual([0, 2]);
      expect(applied.flat()).toEqual(['940_once', '941_once']);
      const { rows } = await db.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${tableOf('940_once')}`);
      expect(rows[0]?.n).toBe(1);
    } finally {
      holder.release();
      await first.close();
      await second.close();
    }
  });
});

async function waitingForAdvisoryLock(db: TestDatabase): Promise<number> {
  const { rows } = await db.pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
  );
  return rows[0]?.n ?? 0;
}

async function waitUntil(condition: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out waiting for the condition');
    await new Promise((resolve) => setImmediate(resolve));
  }
}
