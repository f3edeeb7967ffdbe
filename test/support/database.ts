/**
 * Test databases: a clone of the seeded PGlite template, always; and, when TEST_DATABASE_URL is
 * set, a fresh schema on that real PostgreSQL server, migrated and seeded, dropped afterwards
 * with the job queue's schema beside it.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { openDatabase, type Database } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import { seedDatabase } from '../../server/db/seed';
import { jobsSchemaFor } from '../../server/jobs/job-queue';

export type TestDatabaseKind = 'pglite' | 'postgres';

/** The kinds to run API tests against: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export function testDatabaseKinds(): TestDatabaseKind[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

export interface TestDatabase extends Database {
  /** Postgres only: the connection string and schema, for tests that restart or inspect. */
  readonly url: string | null;
  readonly schema: string | null;
}

export async function createTestDatabase(kind: TestDatabaseKind = 'pglite'): Promise<TestDatabase> {
  if (kind === 'postgres') return createPostgresSchema();
  const template = process.env.PGLITE_TEMPLATE;
  if (!template || !fs.existsSync(template)) throw new Error('PGLITE_TEMPLATE missing: run the tests through jest (global setup).');
  const pglite = new PGlite('memory://', {
    extensions: { pg_trgm },
    loadDataDir: new Blob([fs.readFileSync(template)]),
  });
  await pglite.waitReady;
  const db = await openDatabase({ databaseUrl: null, pglite });
  return Object.assign(db, { url: null, schema: null });
}

async function createPostgresSchema(): Promise<TestDatabase> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const db = await openDatabase({ databaseUrl: url, schema, onError: () => undefined });
  await migrate(db);
  await seedDatabase(db);
  const close = db.close.bind(db);
  return Object.assign(db, {
    url,
    schema,
    async close() {
      await close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      // The job queue's tables live in a schema beside the test's own (server/jobs/job-queue.ts).
      await cleanup.query(`DROP SCHEMA IF EXISTS ${jobsSchemaFor({ schema })} CASCADE`);
      await cleanup.query(`DROP SCHEMA ${schema} CASCADE`);
      await cleanup.end();
    },
  });
}
