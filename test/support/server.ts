/**
 * Starts the real server for a test: its own database (see database.ts), its own data folder,
 * a free port. The built site and widget are served from `dist/` (`npm test` builds what is stale
 * first: scripts/build-if-stale.mjs).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, type Config } from '../../server/config';
import { openDatabase } from '../../server/db/database';
import type { Clock } from 'pg-boss';
import { startServer, type RunningServer } from '../../server/server';
import { createTestDatabase, defaultDatabaseKind, type TestDatabase, type TestDatabaseKind } from './database';

export interface TestServer extends RunningServer {
  db: TestDatabase;
  config: Config;
}

export interface TestServerOptions {
  /** The database; by default the one API tests run on (PostgreSQL under CI, see testDatabaseKinds). */
  kind?: TestDatabaseKind;
  env?: Record<string, string>;
  /** Listen on a port (default true); false for app.inject-only tests. */
  listen?: boolean;
  /** The server's job-queue and sequence clock (pg-boss TestClock); the system clock when left out. */
  clock?: Clock;
  /** The server's day clock (ctx.now: check-in's day rule, the events pass); the system clock when left out. */
  now?: () => Date;
  /** false: the lead's follow-up (server/lead-life/) runs only when a test calls ctx.leadLife.settle(). */
  followLeads?: boolean;
}

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'college-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    ADMIN_EMAIL: 'admin@test.example',
    ADMIN_PASSWORD: 'correct horse battery staple',
    DIST_DIR: path.resolve('dist'),
    // A key of its own, so no key file is left beside the temporary data folder (SECRETS_KEY: '' for the file).
    SECRETS_KEY: crypto.randomBytes(32).toString('base64'),
    // No daily backup unless a test asks for one (test/api/backup-schedule.test.ts).
    BACKUP_TIME: 'off',
    ...options.env,
  });
  const db = await createTestDatabase(options.kind ?? defaultDatabaseKind());
  const server = await startServer(config, {
    db,
    logger: false,
    listen: options.listen ?? true,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.now ? { now: options.now } : {}),
    ...(options.followLeads === false ? { followLeads: false } : {}),
  });
  if (server.url) {
    // The site's e-mailed links must point at the port we really got.
    config.siteUrl = server.url;
  }
  return {
    ...server,
    db,
    config,
    async close() {
      await server.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.rmSync(config.backupDir, { recursive: true, force: true });
    },
  };
}

export interface SecondInstanceOptions {
  env?: Record<string, string>;
  /**
   * A connection pool of its own to the first one's PostgreSQL database, as a separate process has
   * (LISTEN/NOTIFY between instances); by default it shares the first instance's pool.
   */
  ownPool?: boolean;
}

/**
 * A second instance of the product on the first one's database (as behind a load balancer): the
 * same secrets key, a data folder of its own that close() removes, no port (app.inject).
 */
export async function startSecondInstance(first: TestServer, options: SecondInstanceOptions = {}): Promise<RunningServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'college-test-second-'));
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    PORT: '0',
    LOG_LEVEL: 'silent',
    BACKUP_TIME: 'off',
    ADMIN_EMAIL: 'admin@test.example',
    ADMIN_PASSWORD: 'correct horse battery staple',
    // Instances on one database share the secrets key (and none is left beside the temporary folder).
    SECRETS_KEY: first.config.secretsKey ?? '',
    ...options.env,
  });
  const db = options.ownPool
    ? await openDatabase({ databaseUrl: first.db.url, schema: first.db.schema ?? undefined, onError: () => undefined })
    : // The database is the first instance's; only the first closes it.
      { ...first.db, close: async () => undefined };
  const server = await startServer(config, { db, logger: false, listen: false });
  return {
    ...server,
    async close() {
      await server.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
