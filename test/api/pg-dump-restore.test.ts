/**
 * A plain `pg_dump -Fc` of the product's PostgreSQL database restores with `pg_restore` (issue 32):
 * pg_dump clears the search path, so a function that calls another by its bare name (search_expand,
 * behind page_index's generated `search` column) failed while page_index was rebuilt. Migration 033
 * binds or pins every function's search path; a schema left by the version before 033 fails.
 * Every function of the product's schema, on both databases, is pinned or bound, later ones included,
 * and search_expand stays inlined (a pinned SQL function is not).
 */
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { openDatabase } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import { MIGRATIONS } from '../../server/db/migrations/index';
import { searchSite } from '../../server/search/search';
import { createTestDatabase, bothDatabaseKinds, type TestDatabase } from '../support/database';
import { dropDatabase, onServer, postgresUrlFor, TEST_SCHEMA } from '../support/postgres-template';

const run = promisify(execFile);
const serverUrl = process.env.TEST_DATABASE_URL ?? null;
const onPostgres = serverUrl ? describe : describe.skip;
/** Cloning, dumping and restoring a whole database take seconds each, more under a busy suite. */
const TIMEOUT_MS = 180_000;

/**
 * The product's own functions (pg_trgm's left out) that neither pin a search path nor have a
 * SQL-standard body (bound when created).
 */
const UNPINNED_FUNCTIONS_SQL = /* sql */ `
  SELECT p.proname AS name
    FROM pg_proc p
   WHERE p.pronamespace = (SELECT oid FROM pg_namespace WHERE nspname = current_schema())
     AND p.prokind = 'f'
     AND p.prosqlbody IS NULL
     AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')
     AND NOT EXISTS (SELECT 1 FROM unnest(p.proconfig) AS setting WHERE setting LIKE 'search\\_path=%')
   ORDER BY 1`;

interface Restored {
  code: number;
  stderr: string;
  database: string;
}

/** Dumps `source` as pg_dump's custom format, restores it into a new database; the caller drops it. */
async function dumpAndRestore(source: TestDatabase): Promise<Restored> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'college-pg-dump-'));
  const file = path.join(folder, 'college.dump');
  const database = `college_restore_${crypto.randomBytes(5).toString('hex')}`;
  try {
    await run('pg_dump', ['-Fc', '-f', file, '-d', source.url ?? '']);
    await onServer(serverUrl ?? '', (client) => client.query(`CREATE DATABASE ${database}`));
    try {
      await run('pg_restore', ['--exit-on-error', '--no-owner', '-d', postgresUrlFor(serverUrl ?? '', database), file]);
      return { code: 0, stderr: '', database };
    } catch (error) {
      const failed = error as { code?: number; stderr?: string };
      return { code: failed.code ?? 1, stderr: failed.stderr ?? String(error), database };
    }
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

describe.each(bothDatabaseKinds())('function search paths (%s)', (kind) => {
  test(
    'every function of the product’s schema finds what it calls whatever the search path, and search_expand stays inlined',
    async () => {
      const db = await createTestDatabase(kind);
      try {
        const { rows } = await db.pool.query<{ name: string }>(UNPINNED_FUNCTIONS_SQL);
        expect(rows.map((row) => row.name)).toEqual([]);
        // What pg_dump's restore does to the session: an empty search path (pg_catalog only).
        const { rows: expanded } = await db.transaction(async (client) => {
          await client.query(`SET LOCAL search_path = ''`);
          const schema = kind === 'postgres' ? TEST_SCHEMA : 'public';
          return client.query<{ text: string }>(`SELECT ${schema}.search_expand('Cyber Security+') AS text`);
        });
        expect(expanded[0]?.text).toBe('cyber security plus cybersecurity securityplus');
        // Still inlined where it is called: the plan shows search_normalise's expression, not a call.
        const { rows: plan } = await db.pool.query<{ 'QUERY PLAN': string }>('EXPLAIN VERBOSE SELECT search_expand(title) FROM page_index');
        const planText = plan.map((row) => row['QUERY PLAN']).join('\n');
        expect(planText).toContain('btrim(regexp_replace(');
        expect(planText).not.toContain('search_expand(');
      } finally {
        await db.close();
      }
    },
    TIMEOUT_MS,
  );
});

onPostgres('pg_dump and pg_restore (postgres)', () => {
  const restoredDatabases: string[] = [];
  afterAll(async () => {
    for (const name of restoredDatabases) await dropDatabase(serverUrl ?? '', name);
  });

  test(
    'a plain pg_dump -Fc restores with pg_restore, and search works in the copy',
    async () => {
      const source = await createTestDatabase('postgres');
      let counts: { pages: number; courses: number };
      let restored: Restored;
      try {
        const { rows } = await source.pool.query<{ pages: number; courses: number }>(
          'SELECT (SELECT count(*)::int FROM page_index) AS pages, (SELECT count(*)::int FROM courses) AS courses',
        );
        counts = rows[0] ?? { pages: 0, courses: 0 };
        expect(counts.pages).toBeGreaterThan(0);
        expect(counts.courses).toBeGreaterThan(0);
        restored = await dumpAndRestore(source);
        restoredDatabases.push(restored.database);
      } finally {
        await source.close();
      }
      expect(restored.stderr).toBe('');
      expect(restored.code).toBe(0);

      const copy = await openDatabase({ databaseUrl: postgresUrlFor(serverUrl ?? '', restored.database), schema: TEST_SCHEMA });
      try {
        const { rows } = await copy.pool.query<{ pages: number; courses: number }>(
          'SELECT (SELECT count(*)::int FROM page_index) AS pages, (SELECT count(*)::int FROM courses) AS courses',
        );
        expect(rows[0]).toEqual(counts);
        const pages = await copy.pool.query(`SELECT path FROM page_index WHERE search @@ to_tsquery('english', 'cybersecurity')`);
        expect(pages.rows.length).toBeGreaterThan(0);
        const result = await searchSite(copy.pool, 'cyber security', { limit: 10, coursePath: (id) => `/courses/${id}` });
        expect(result.hits.length).toBeGreaterThan(0);
        // The copy goes on working: a new page is indexed, a course renamed re-indexed.
        await copy.pool.query(
          `INSERT INTO page_index (path, title, body) VALUES ('/restored', 'Restored page', 'Kubernetes after a restore.')`,
        );
        const found = await searchSite(copy.pool, 'kubernetes restore', { limit: 10, coursePath: (id) => `/courses/${id}` });
        expect(found.hits.map((hit) => hit.title)).toContain('Restored page');
      } finally {
        await copy.close();
      }
    },
    TIMEOUT_MS,
  );

  test(
    'the version before migration 033 left a database whose restore fails rebuilding page_index',
    async () => {
      const owner = await createTestDatabase('postgres');
      let restored: Restored;
      try {
        // That version's schema beside the current one: migrated up to 032, with a page indexed.
        await owner.pool.query('CREATE SCHEMA before_033');
        const legacy = await openDatabase({ databaseUrl: owner.url, schema: 'before_033' });
        try {
          await migrate(
            legacy,
            MIGRATIONS.slice(
              0,
              MIGRATIONS.findIndex((migration) => migration.id === '033_pin_function_search_path'),
            ),
          );
          await legacy.pool.query(`INSERT INTO page_index (path, title, body) VALUES ('/about', 'About us', 'Cyber security courses.')`);
        } finally {
          await legacy.close();
        }
        restored = await dumpAndRestore(owner);
        restoredDatabases.push(restored.database);
      } finally {
        await owner.close();
      }
      expect(restored.code).not.toBe(0);
      expect(restored.stderr).toMatch(/page_index/);
      expect(restored.stderr).toMatch(/function search_(normalise|joined_pairs)\(text\) does not exist/);
    },
    TIMEOUT_MS,
  );
});
