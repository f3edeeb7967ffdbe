/**
 * Test databases: a clone of the seeded PGlite template, always; and, when TEST_DATABASE_URL is
 * set, a database on that real PostgreSQL server created from the run's migrated, seeded template
 * (test/support/postgres-template.ts), dropped afterwards.
 */
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { openDatabase, type Database } from '../../server/db/database';
import { cloneTemplate, createRunDatabase, dropDatabase, onServer, postgresUrlFor, TEST_SCHEMA } from './postgres-template';

export type TestDatabaseKind = 'pglite' | 'postgres';

/**
 * The database an API test runs on: PostgreSQL, as production, when TEST_DATABASE_URL is set (CI);
 * PGlite otherwise (a developer's machine without a server).
 */
export function defaultDatabaseKind(): TestDatabaseKind {
  return process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
}

/** The kinds a `describe.each` of an API test runs over: the default one (see bothDatabaseKinds). */
export function testDatabaseKinds(): TestDatabaseKind[] {
  return [defaultDatabaseKind()];
}

/**
 * Both databases, for what differs on the embedded one (issue 29): the job queue and mail
 * delivery on PGlite's single connection, the spool, search SQL, secrets in the data folder's
 * files, transaction races, and the smoke pass of every documented route (openapi.test.ts).
 */
export function bothDatabaseKinds(): TestDatabaseKind[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

export interface TestDatabase extends Database {
  /** Postgres only: the connection string and schema, for tests that restart or inspect. */
  readonly url: string | null;
  readonly schema: string | null;
}

export async function createTestDatabase(kind: TestDatabaseKind = defaultDatabaseKind()): Promise<TestDatabase> {
  if (kind === 'postgres') return createPostgresDatabase();
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

async function createPostgresDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const template = process.env.POSTGRES_TEMPLATE;
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set');
  if (!template) throw new Error('POSTGRES_TEMPLATE missing: run the tests through jest (global setup).');
  return openRunDatabase(serverUrl, await cloneTemplate(serverUrl, template));
}

/** Opens the run's database `name` in the test schema; closing it drops it. */
async function openRunDatabase(serverUrl: string, name: string): Promise<TestDatabase> {
  const url = postgresUrlFor(serverUrl, name);
  const db = await openDatabase({ databaseUrl: url, schema: TEST_SCHEMA, onError: () => undefined });
  const close = db.close.bind(db);
  return Object.assign(db, {
    url,
    schema: TEST_SCHEMA,
    async close() {
      await close();
      await dropDatabase(serverUrl, name);
    },
  });
}

/** An empty database of `kind` (no tables): a restore's target. PostgreSQL: a new database of the run, with the test schema. */
export async function createEmptyDatabase(kind: TestDatabaseKind): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const db = await openDatabase({ databaseUrl: null, pgliteDir: 'memory://' });
    return Object.assign(db, { url: null, schema: null });
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  const template = process.env.POSTGRES_TEMPLATE;
  if (!serverUrl || !template) throw new Error('TEST_DATABASE_URL / POSTGRES_TEMPLATE missing: run the tests through jest.');
  const name = await createRunDatabase(serverUrl, template);
  await onServer(postgresUrlFor(serverUrl, name), (client) => client.query(`CREATE SCHEMA ${TEST_SCHEMA}`));
  return openRunDatabase(serverUrl, name);
}
