/**
 * Runs once before the suite. Builds a migrated, seeded PGlite database (with the job queue's
 * tables) and saves it as a tarball, so each test clones it in ~1 s instead of running initdb
 * (~5 s) again; with TEST_DATABASE_URL, builds the same on the PostgreSQL server as a template
 * database that each test's database is created from (test/support/postgres-template.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, openPglite, type Database } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import { seedDatabase } from '../../server/db/seed';
import { createJobQueue } from '../../server/jobs/job-queue';
import { dropAbandonedDatabases, onServer, postgresUrlFor, templateFor, TEST_SCHEMA } from './postgres-template';

async function prepare(db: Database): Promise<void> {
  await migrate(db);
  await seedDatabase(db);
  // The job queue's tables too: pg-boss installs them on its first start, which a clone then skips.
  const jobs = createJobQueue(db, { log: { debug: () => undefined, warn: (line) => console.warn(line) } });
  await jobs.start();
  await jobs.stop();
}

async function pgliteTemplate(): Promise<string> {
  const file = path.join(os.tmpdir(), `college-pglite-template-${process.pid}.tar.gz`);
  const pglite = await openPglite('memory://');
  const db = await openDatabase({ databaseUrl: null, pglite });
  await prepare(db);
  await db.pool.end();
  const dump = await pglite.dumpDataDir('gzip');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await pglite.close();
  return file;
}

async function postgresTemplate(serverUrl: string): Promise<string> {
  const template = templateFor(process.pid);
  await dropAbandonedDatabases(serverUrl);
  await onServer(serverUrl, async (client) => {
    await client.query(`CREATE DATABASE ${template}`);
  });
  const url = postgresUrlFor(serverUrl, template);
  await onServer(url, (client) => client.query(`CREATE SCHEMA ${TEST_SCHEMA}`));
  const db = await openDatabase({ databaseUrl: url, schema: TEST_SCHEMA });
  await prepare(db);
  await db.close();
  return template;
}

export default async function globalSetup(): Promise<void> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  // One after the other: PGlite runs in this thread, and while it migrates a connection to the
  // server can wait past its 3 s connect timeout (the suite then fails before its first test).
  const postgres = serverUrl ? await postgresTemplate(serverUrl) : null;
  const pglite = await pgliteTemplate();
  process.env.PGLITE_TEMPLATE = pglite;
  if (postgres) process.env.POSTGRES_TEMPLATE = postgres;
}
