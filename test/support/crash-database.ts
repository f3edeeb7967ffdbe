/**
 * A database for the crash tests, prepared before any child server runs: PostgreSQL, a test
 * database whose schema the children open; PGlite, DATA_DIR/pgdata on disk, made from the run's
 * migrated and seeded template, that the test opens between the children (one process at a time).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { openDatabase, type Database } from '../../server/db/database';
import { createTestDatabase, type TestDatabase, type TestDatabaseKind } from './database';
import { startChildServer, type ChildOptions, type ChildServer } from './crash-child';
import { startSmtpSink, type SmtpSink } from './smtp';

export interface CrashDatabase {
  kind: TestDatabaseKind;
  /** What every child is started with. */
  child: ChildOptions;
  /** Runs `work` on the database; on PGlite only while no child runs. */
  use<T>(work: (db: Database) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export async function createCrashDatabase(kind: TestDatabaseKind, smtpUrl: string): Promise<CrashDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'college-crash-'));
  const secretsKey = crypto.randomBytes(32).toString('base64');
  const postgres: TestDatabase | null = kind === 'postgres' ? await createTestDatabase('postgres') : null;
  const child: ChildOptions = { db: postgres, dataDir, smtpUrl, secretsKey };
  if (!postgres) await pgliteFromTemplate(path.join(dataDir, 'pgdata'));
  return {
    kind,
    child,
    async use(work) {
      if (postgres) return work(postgres);
      const db = await openDatabase({ databaseUrl: null, pgliteDir: path.join(dataDir, 'pgdata'), waitForLock: true });
      try {
        return await work(db);
      } finally {
        await db.close();
      }
    },
    async close() {
      await postgres?.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The run's PGlite template (test/support/global-setup.ts) written out as a data folder. */
async function pgliteFromTemplate(dir: string): Promise<void> {
  const template = process.env.PGLITE_TEMPLATE;
  if (!template) throw new Error('PGLITE_TEMPLATE missing: run the tests through jest (global setup).');
  const pglite = new PGlite(dir, { extensions: { pg_trgm }, loadDataDir: new Blob([fs.readFileSync(template)]) });
  await pglite.waitReady;
  await pglite.close();
}

/** What a crash test works with, set by the hooks `crashScene` registers. */
export interface CrashScene {
  readonly sink: SmtpSink;
  readonly database: CrashDatabase;
  /** A child server on the scene's database and sink; killed at the end if still running. */
  start(options?: Pick<ChildOptions, 'followLeads'>): Promise<ChildServer>;
}

/**
 * Registers the hooks every crash test needs (in a describe block): an SMTP sink, a database of
 * `kind` prepared by `prepare` before any child runs, and every child killed at the end.
 */
export function crashScene(kind: TestDatabaseKind, prepare: (db: Database) => Promise<void>): CrashScene {
  let sink: SmtpSink | null = null;
  let database: CrashDatabase | null = null;
  const children: ChildServer[] = [];
  const ready = <T>(value: T | null): T => {
    if (value === null) throw new Error('the crash scene is not set up yet (use it inside a test)');
    return value;
  };
  beforeAll(async () => {
    sink = await startSmtpSink();
    database = await createCrashDatabase(kind, sink.url);
    await database.use(prepare);
  }, 120_000);
  afterAll(async () => {
    for (const child of children) await child.kill();
    await database?.close();
    await sink?.close();
  });
  return {
    get sink() {
      return ready(sink);
    },
    get database() {
      return ready(database);
    },
    async start(options = {}) {
      const child = await startChildServer({ ...ready(database).child, ...options });
      children.push(child);
      return child;
    },
  };
}
