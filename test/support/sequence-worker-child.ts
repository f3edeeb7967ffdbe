/**
 * A separate process that works the sequence queues on a PostgreSQL schema, as an instance of the
 * server does, for the crash test (test/api/sequences-crash.test.ts). Its clock is SEQUENCE_NOW
 * (a business hour) plus the time since it started, so e-mail steps may run whenever the test does.
 * Mails stay queued (no delivery), where the test counts them.
 */
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/database';
import { createJobQueue } from '../../server/jobs/job-queue';
import { createMailer } from '../../server/mail/create-mailer';
import type { Catalogue } from '../../server/catalogue/catalogue';
import { workSequences } from '../../server/sequences/engine';

const log = { debug: () => undefined, info: () => undefined, warn: (line: string) => process.stderr.write(`${line}\n`) };
const started = Date.now();
const base = new Date(process.env.SEQUENCE_NOW ?? '').getTime();
const config = loadConfig({ DATA_DIR: process.env.CHILD_DATA_DIR ?? '/tmp' });
const db = await openDatabase({
  databaseUrl: process.env.CHILD_DATABASE_URL ?? null,
  schema: process.env.CHILD_SCHEMA,
  onError: () => undefined,
});
const jobs = createJobQueue(db, { log });
await jobs.start();
const mailer = createMailer(config, db, log, { jobs });
await workSequences({ db, jobs, mailer, config, catalogue: {} as Catalogue, now: () => new Date(base + Date.now() - started), log });
process.stdout.write('working\n');
