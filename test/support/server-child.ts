/**
 * The whole server in a process of its own, for the crash tests (test/api/lead-life-crash.test.ts,
 * test/api/mail-crash.test.ts): started as main.ts starts it, on CHILD_DATABASE_URL's schema
 * CHILD_SCHEMA (PostgreSQL) or on DATA_DIR's embedded database, delivering to SMTP_URL. Prints
 * `listening <url>` once it takes requests. CHILD_FOLLOW_LEADS=0 starts it without the leads'
 * follow-up: it stores leads and dies before their handlers run, as a crash right after the commit.
 */
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/database';
import { startServer } from '../../server/server';

const config = loadConfig({
  DATA_DIR: process.env.DATA_DIR,
  PORT: '0',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'silent',
  SMTP_URL: process.env.SMTP_URL,
  ADMISSIONS_EMAIL: 'admissions@test.example',
  ADMIN_EMAIL: 'admin@test.example',
  ADMIN_PASSWORD: 'correct horse battery staple',
  SECRETS_KEY: process.env.SECRETS_KEY,
  BACKUP_TIME: 'off',
});
const url = process.env.CHILD_DATABASE_URL;
const db = url ? await openDatabase({ databaseUrl: url, schema: process.env.CHILD_SCHEMA, onError: () => undefined }) : undefined;
const server = await startServer(config, {
  ...(db ? { db } : {}),
  logger: false,
  followLeads: process.env.CHILD_FOLLOW_LEADS !== '0',
});
config.siteUrl = server.url;
process.stdout.write(`listening ${server.url}\n`);
process.on('SIGTERM', () => {
  void server.close().then(() => process.exit(0));
});
