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
import type { ChildOptions } from './crash-child';

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
