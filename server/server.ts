/**
 * Starts the whole product on one port: opens (or creates) the database, migrates, seeds, makes
 * sure a first staff account exists, loads the catalogue, starts the job queue and its workers
 * (the lead's follow-up, mail delivery, housekeeping, replies over IMAP) and the spool's replay, and listens.
 * Used by main.ts and by the tests, which pass their own configuration and database.
 */
import { workEnrolment } from './enrolment/enrolment-pass';
import { workRefundReminders } from './enrolment/refund-reminders';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import type { Clock } from 'pg-boss';
import type { Config } from './config';
import { openDatabase, type Database } from './db/database';
import { migrateAtStart } from './db/upgrade';
import type { Migration } from './db/migrations/migration';
import { workBackups } from './backup/backup-job';
import { listenForBackupRequests } from './backup/control-socket';
import { secureDataDir, tightenDataDir } from './db/data-dir-modes';
import { seedDatabase } from './db/seed';
import { loadCatalogue } from './catalogue/catalogue';
import { createMailer } from './mail/create-mailer';
import { ensureFirstAdmin, type CreatedAdmin } from './auth/first-admin';
import { spoolDepth, startLeadSpool, type LeadSpool } from './leads/spool';
import { workSpeedToLead } from './assignment';
import { createLeadLife } from './lead-life/lead-life';
import { buildApp } from './app';
import { connectRedis } from './http/rate-limit-store';
import { workHousekeeping } from './jobs/housekeeping';
import { workRetention } from './privacy';
import { createJobQueue } from './jobs/job-queue';
import { startRepliesIfConfigured } from './replies';
import { createLogger } from './logger';
import type { AppContext } from './context';
import { createMetrics } from './metrics/metrics';
import { startLiveRefresh } from './catalogue';
import { keyFingerprint, loadSecretKeys, type SecretKeys } from './secrets/secret-key';
import { createSecretBox } from './secrets/secret-box';
import { sealAtStart } from './secrets/seal-at-start';
import { workSequences } from './sequences';
import { workEventJobs } from './events';

/**
 * PGlite's file system layer never calls fsync: the embedded database survives a process crash
 * but not a power loss, so acknowledged leads could be lost. Said once at start in production.
 */
export const PGLITE_PRODUCTION_WARNING =
  'The embedded database (PGlite) does not fsync: a power loss can lose acknowledged leads. ' +
  'It is meant for one machine and development; set DATABASE_URL to a PostgreSQL server in production.';

export interface RunningServer {
  app: FastifyInstance;
  ctx: AppContext;
  url: string;
  /** The staff account this start created (with its generated password), for the start-up block. */
  createdAdmin: CreatedAdmin | null;
  /** The secrets key's file (null with SECRETS_KEY) and whether this start created it, for the start-up block. */
  secretsKey: Pick<SecretKeys, 'file' | 'created'>;
  close(): Promise<void>;
}

export interface StartOptions {
  /** An already-open database (tests); otherwise one is opened from the configuration. */
  db?: Database;
  logger?: boolean;
  /** Skip listening (tests that use app.inject). */
  listen?: boolean;
  /** Where log lines go instead of stdout (tests that read them back). */
  logDestination?: DestinationStream;
  /** pg-boss's TestClock (browser journeys): the job queue's time and the sequence engine's "now". */
  clock?: Clock;
  /** The clock of the routes' day rules and of the passes (tests); the clock's, or the system's, when left out. */
  now?: () => Date;
  /** The migrations to apply (tests of a failing migration); every migration when left out. */
  migrations?: readonly Migration[];
  /**
   * false: this process accepts leads but never runs their follow-up (a test of a crash between a
   * lead's commit and its handlers: another process takes the leads up).
   */
  followLeads?: boolean;
}

export async function startServer(config: Config, options: StartOptions = {}): Promise<RunningServer> {
  const log = createLogger(config, options.logger ?? true, options.logDestination);
  // Before the database: a bad SECRETS_KEY stops the start at once, with a message naming it.
  const keys = loadSecretKeys(config);
  const secrets = createSecretBox(keys);
  // Before anything is written there: the database's files, the spool, the outbox (issue 35).
  secureDataDir(config.dataDir, log);
  const db =
    options.db ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir: path.join(config.dataDir, 'pgdata'),
      onError: (error) => log.warn(`database: ${error.message}`),
      // After a crash the old lock is stale within seconds; a restart waits for it instead of failing.
      waitForLock: true,
    }));
  if (!config.databaseUrl && process.env.NODE_ENV === 'production') log.warn(PGLITE_PRODUCTION_WARNING);
  const secretsKeyFingerprint = keyFingerprint(keys.current);
  // A backup first when the database holds data and migrations are pending (server/db/upgrade.ts).
  await migrateAtStart(db, config, log, secretsKeyFingerprint, options.migrations);
  await sealAtStart(db, secrets, keys, config, log);
  await seedDatabase(db);
  const catalogue = await loadCatalogue(db);
  // Its tables are pg-boss's own, installed or upgraded by start() under an advisory lock.
  const jobs = createJobQueue(db, { log, ...(options.clock ? { clock: options.clock } : {}) });
  await jobs.start();
  // The mailer only delivers; the lead's follow-up (repeat check, notifications, assignment,
  // sequences) runs on its own queue, started below (server/lead-life/).
  const mailer = createMailer(config, db, log, { secrets, jobs });
  const redis = connectRedis(config.redisUrl, (error) => log.warn(`redis: ${error.message}`));
  const metrics = createMetrics({
    db: db.pool,
    spoolDepth: () => spoolDepth(config.dataDir),
    activeCourses: () => catalogue.courses().length,
    catalogueVersion: () => catalogue.version(),
    jobCounts: () => jobs.counts(),
  });
  const clock = options.clock;
  const now = options.now ?? (clock ? () => new Date(clock.now()) : () => new Date());
  const leadLife = createLeadLife({ db, jobs, mailer, config, catalogue, secrets, now, log });
  const ctx: AppContext = { config, db, catalogue, mailer, leadLife, redis, metrics, secrets, jobs, now };
  const app = await buildApp(ctx, log);
  const createdAdmin = await ensureFirstAdmin(db, config, (line) => app.log.warn(line));
  const spool: LeadSpool = startLeadSpool(ctx, app.log);
  mailer.start();
  if (options.followLeads !== false) await leadLife.start();
  await workHousekeeping(jobs, db.pool, app.log);
  // The daily backup into BACKUP_DIR (server/backup/); `npm run backup` asks this process over its control socket.
  await workBackups({ jobs, db, config, mailer, secretsKeyFingerprint, log: app.log });
  const backupRequests = await listenForBackupRequests({ db, config, secretsKeyFingerprint, log: app.log });
  await workRetention(jobs, db, config.retentionMonths, app.log);
  // Replies read over IMAP (issue 22), only when IMAP_URL is set.
  await startRepliesIfConfigured(config, { jobs, db, mailer, log: app.log });
  await workSequences({ db, jobs, mailer, config, catalogue, now, log: app.log });
  // Event reminders and no-shows (issue 24), a pass each minute.
  await workEventJobs({ db, jobs, mail: { config, secrets, mailer }, now, log: app.log });
  // Enrolment (issue 34): copies delivered, cooling-off periods ended, overdue refunds told to admins.
  await workEnrolment({ db, jobs, now, log: app.log });
  await workRefundReminders({ db, jobs, mailer, config, now, log: app.log });
  await workSpeedToLead(
    jobs,
    db,
    () => config.siteUrl,
    () => mailer.kick(),
    app.log,
  );
  // Catalogue changes saved by other instances (PostgreSQL LISTEN/NOTIFY); PGlite: nothing to do.
  const liveRefresh = startLiveRefresh({ connect: () => db.newDedicatedClient(), catalogue, log: app.log });

  let url = '';
  if (options.listen !== false) {
    url = await app.listen({ port: config.port, host: config.host });
    url = url.replace('0.0.0.0', 'localhost').replace('[::]', 'localhost');
  }

  let closing: Promise<void> | null = null;
  return {
    app,
    ctx,
    url,
    createdAdmin,
    secretsKey: { file: keys.file, created: keys.created },
    close() {
      // app.close() stops accepting connections and waits for in-flight requests to finish.
      closing ??= (async () => {
        await app.close();
        await backupRequests.close();
        await liveRefresh.stop();
        await spool.stop();
        redis?.disconnect();
        await leadLife.stop();
        await mailer.stop();
        // Waits for a running job; one still running after that is fetched again once its lease ends.
        await jobs.stop();
        await db.close();
        // PGlite's files are created 0666 in their 0700 folders: a stopped server leaves them 0600.
        tightenDataDir(config.dataDir);
      })();
      return closing;
    },
  };
}
