/**
 * The backup before migrating (issue 32): taken when migrations are pending and the database holds
 * data, on the embedded database always and on PostgreSQL with BACKUP_BEFORE_MIGRATE, and the log
 * says where it is; none for a fresh database or when nothing is pending; a backup that fails stops
 * the start before anything is migrated.
 */
import fs from 'node:fs';
import { openDatabase } from '../../server/db/database';
import { migrationStatus } from '../../server/db/migrate';
import { MIGRATIONS } from '../../server/db/migrations/index';
import { migrateAtStart } from '../../server/db/upgrade';
import { bothDatabaseKinds, createTestDatabase, type TestDatabase } from '../support/database';
import { backupFiles, migrationTestConfig, tableMigration } from '../support/migrations';

/** A database clone takes seconds, more under a busy suite. */
const TIMEOUT_MS = 120_000;

describe.each(bothDatabaseKinds())('the backup before migrating (%s)', (kind) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase(kind);
  }, TIMEOUT_MS);
  afterAll(async () => {
    await db.close();
  });

  test('a backup that fails stops the start before anything is migrated', async () => {
    const { config, remove } = migrationTestConfig({ BACKUP_BEFORE_MIGRATE: 'true' });
    try {
      // A file where the backup folder should be: no backup can be written there.
      fs.mkdirSync(config.dataDir, { recursive: true });
      fs.writeFileSync(config.backupDir, 'not a folder');
      const pending = [...MIGRATIONS, tableMigration('920_waits')];
      await expect(migrateAtStart(db, config, { info: () => undefined, warn: () => undefined }, null, pending)).rejects.toThrow(
        /^The backup before applying 1 pending migrations \(920_waits\) failed: .+ Nothing was migrated; the server did not start\./,
      );
      expect((await migrationStatus(db, pending)).pending).toEqual(['920_waits']);
    } finally {
      remove();
    }
  });

  test(`PostgreSQL backs up only with BACKUP_BEFORE_MIGRATE; the embedded database always`, async () => {
    for (const setting of ['false', 'true']) {
      const { config, remove } = migrationTestConfig({ BACKUP_BEFORE_MIGRATE: setting });
      try {
        const lines: string[] = [];
        const id = `93${setting === 'true' ? 1 : 0}_pending`;
        const log = { info: (line: string) => lines.push(line), warn: (line: string) => lines.push(line) };
        expect(await migrateAtStart(db, config, log, null, [...MIGRATIONS, tableMigration(id)])).toEqual([id]);
        const expected = kind === 'pglite' || setting === 'true';
        expect(backupFiles(config)).toHaveLength(expected ? 1 : 0);
        expect(lines).toEqual(expected ? [`Backed up to ${backupFiles(config)[0]} before applying 1 migrations: ${id}`] : []);
        // Recorded after the migrations, like every backup, for the dashboard and /metrics.
        const { rows: runs } = await db.pool.query<{ file: string }>(`SELECT file FROM backup_runs WHERE reason = 'before-migrate' AND ok`);
        if (expected) expect(runs.map((run) => run.file)).toContain(backupFiles(config)[0]);
        // Nothing pending: no backup.
        expect(await migrateAtStart(db, config, log, null, [...MIGRATIONS, tableMigration(id)])).toEqual([]);
        expect(backupFiles(config)).toHaveLength(expected ? 1 : 0);
      } finally {
        remove();
      }
    }
  });

  // On PostgreSQL only: a fresh schema there migrates in a second, the embedded database from nothing takes many.
  if (kind === 'postgres') {
    test('a fresh database gets no backup (there is nothing to keep)', async () => {
      const { config, remove } = migrationTestConfig({ BACKUP_BEFORE_MIGRATE: 'true' });
      await db.pool.query('CREATE SCHEMA fresh');
      const fresh = await openDatabase({ databaseUrl: db.url, schema: 'fresh' });
      try {
        expect(await migrationStatus(fresh)).toEqual({ applied: [], pending: MIGRATIONS.map((migration) => migration.id) });
        expect(await migrateAtStart(fresh, config, { info: () => undefined, warn: () => undefined }, null)).toHaveLength(MIGRATIONS.length);
        expect(backupFiles(config)).toEqual([]);
      } finally {
        await fresh.close();
        remove();
      }
    });
  }
});
