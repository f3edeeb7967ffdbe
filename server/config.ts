/**
 * Runtime configuration, read once from the environment (docs/configuration.md lists every
 * variable) through one schema: a value that cannot be used stops the start with a message naming
 * its variable, instead of quietly becoming the default. Unset and empty variables take their defaults. Values are never
 * echoed in the message (URLs carry passwords). SECRETS_KEY is checked by server/secrets/ at start.
 */
import path from 'node:path';
import { z } from 'zod';
import { COLLEGE } from '../src/college';
import { parseTrustProxy, type TrustedProxies } from './http/trusted-proxies';
import { logFormat, type LogFormat } from './logger';
import { exactOrigin } from './repeat/request-origin';
import { defaultKeyFile } from './secrets/secret-key';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Unset: embedded PGlite in `${dataDir}/pgdata`. */
  databaseUrl: string | null;
  /** Unset: mail is written to `${dataDir}/outbox` and the reset link is logged. */
  smtpUrl: string | null;
  mailFrom: string;
  /** Where new-lead notifications go (ADMISSIONS_EMAIL, default the college's admissions address). */
  admissionsEmail: string;
  siteUrl: string;
  adminEmail: string | null;
  adminPassword: string | null;
  /** Where the built site and widget live. */
  distDir: string;
  logLevel: string;
  /** LOG_FORMAT: readable lines in a terminal, JSON otherwise (see logger.ts). */
  logFormat: LogFormat;
  /** Proxies whose X-Forwarded-For is believed: a hop count or their addresses (never all). */
  trustProxy: TrustedProxies;
  /** Unset: rate-limit counters live in the database; set: in this Redis. */
  redisUrl: string | null;
  /** Lead submissions allowed per client address per minute (LEADS_RATE_LIMIT, default 10). */
  leadsRateLimit?: number;
  /** Leads the outage spool may hold before it answers 503 (LEAD_SPOOL_MAX, default 5000). */
  leadSpoolMax: number;
  /** Days back a new inquiry is matched against open leads (REPEAT_MATCH_DAYS, default 365; issue 23). */
  repeatMatchDays: number;
  /**
   * PARTNER_ORIGINS: the partner sites known to embed the widget (origins as requestOrigin keeps
   * them). A lead whose origin is one of them, or this site's own, is shown without the "reported"
   * note; any other origin is only what the request claimed (server/repeat/partner-origins.ts).
   */
  partnerOrigins: string[];
  /** Unset: /metrics is off; set: Prometheus scrapes it with this bearer token. */
  metricsToken: string | null;
  /**
   * SECRETS_KEY: the key (32 bytes, hex or base64) that encrypts 2FA secrets and queued one-time
   * links; unset: the key file below is used, created on the first start (server/secrets/).
   */
  secretsKey: string | null;
  /** SECRETS_KEY_PREVIOUS: older keys (comma-separated) that still decrypt, during a rotation. */
  secretsKeyPrevious: string[];
  /** SECRETS_KEY_FILE: where the key file is when SECRETS_KEY is unset; default beside DATA_DIR. */
  secretsKeyFile: string;
  /** RETENTION_MONTHS: people with no contact for this many months are anonymised daily; 0 = off (server/privacy/). */
  retentionMonths: number;
  /** IMAP_URL: the mailbox replies come to (`imaps://user:pass@host:993/INBOX`); unset: replies are not connected. */
  imapUrl: string | null;
  /** IMAP_POLL_SECONDS: how often the mailbox is read (default 60). */
  imapPollSeconds: number;
  /** BACKUP_DIR: where backups are written; default beside DATA_DIR (`data-backups`), never in it (server/backup/). */
  backupDir: string;
  /** BACKUP_TIME: the daily backup's time in Toronto as HH:MM (default 02:30); null when BACKUP_TIME=off. */
  backupTime: { hour: number; minute: number } | null;
  /** BACKUP_KEEP: how many scheduled backups are kept in BACKUP_DIR (default 14). */
  backupKeep: number;
  /** BACKUP_BEFORE_MIGRATE: PostgreSQL takes a backup before pending migrations (the embedded database always does). */
  backupBeforeMigrate: boolean;
}

/** A bad environment: every variable that cannot be used, one per line. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`The configuration cannot be used; fix these environment variables:\n${problems.map((line) => `  ${line}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * A variable read by `parse`, which returns undefined for a value it refuses (`expected` then says
 * what the variable takes). Unset or empty: undefined, for the default to apply. Free text (a
 * password, a key) is kept exactly as given; numbers, URLs and names are read without surrounding spaces.
 */
function variable<T>(parse: (text: string) => T | undefined, expected: string) {
  return z
    .string()
    .optional()
    .transform((text, ctx): T | undefined => {
      if (text === undefined || text === '') return undefined;
      const value = parse(text);
      if (value === undefined) ctx.addIssue({ code: 'custom', message: expected });
      return value;
    });
}

const text = () => variable((value) => value, 'must be text');

const wholeNumber = (min: number, max: number) =>
  variable((value) => {
    const number = Number(value.trim());
    return /^\d+$/.test(value.trim()) && number >= min && number <= max ? number : undefined;
  }, `must be a whole number from ${min} to ${max}`);

const url = (...protocols: string[]) =>
  variable(
    (value) => {
      try {
        return protocols.includes(new URL(value.trim()).protocol) ? value.trim() : undefined;
      } catch {
        return undefined;
      }
    },
    `must be a URL starting with ${protocols.map((protocol) => `${protocol}//`).join(' or ')}`,
  );

const emailAddress = () =>
  variable((value) => (/^[^\s@]+@[^\s@]+$/.test(value.trim()) ? value.trim() : undefined), 'must be an e-mail address');

/** Comma-separated origins (`https://partner.example,https://apply.partner.ca:8443`); blanks between commas are ignored. */
const originList = () =>
  variable((value) => {
    const origins = value
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean)
      .map(exactOrigin);
    return origins.every((origin): origin is string => origin !== undefined) ? [...new Set(origins)] : undefined;
  }, 'must be origins separated by commas, each only a scheme, host and port, such as https://partner.example');

const oneOf = <T extends string>(choices: readonly T[]) =>
  variable((value) => choices.find((choice) => choice === value.trim()), `must be one of ${choices.join(', ')}`);

/** The pino levels LOG_LEVEL may name. */
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Every variable the server reads (docs/configuration.md; the rest are read by tests and scripts). */
const environmentSchema = z.object({
  PORT: wholeNumber(0, 65535),
  HOST: text(),
  DATA_DIR: text(),
  DATABASE_URL: url('postgres:', 'postgresql:'),
  SMTP_URL: url('smtp:', 'smtps:'),
  MAIL_FROM: text(),
  ADMISSIONS_EMAIL: emailAddress(),
  SITE_URL: url('http:', 'https:'),
  ADMIN_EMAIL: emailAddress(),
  ADMIN_PASSWORD: text(),
  DIST_DIR: text(),
  LOG_LEVEL: oneOf(LOG_LEVELS),
  LOG_FORMAT: oneOf(['json', 'pretty'] as const),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, ctx): TrustedProxies => {
      try {
        return parseTrustProxy(value);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: error instanceof Error ? error.message : String(error) });
        return false;
      }
    }),
  REDIS_URL: url('redis:', 'rediss:'),
  LEADS_RATE_LIMIT: wholeNumber(1, 1_000_000_000),
  LEAD_SPOOL_MAX: wholeNumber(1, 1_000_000_000),
  REPEAT_MATCH_DAYS: wholeNumber(1, 36_500),
  PARTNER_ORIGINS: originList(),
  METRICS_TOKEN: text(),
  SECRETS_KEY: text(),
  SECRETS_KEY_PREVIOUS: text(),
  SECRETS_KEY_FILE: text(),
  IMAP_URL: url('imap:', 'imaps:'),
  RETENTION_MONTHS: wholeNumber(0, 1200),
  IMAP_POLL_SECONDS: wholeNumber(1, 3600),
  BACKUP_DIR: text(),
  BACKUP_TIME: variable(parseBackupTime, 'must be a time of day as HH:MM (24-hour, Toronto), or off'),
  BACKUP_KEEP: wholeNumber(1, 1000),
  BACKUP_BEFORE_MIGRATE: oneOf(['true', 'false'] as const),
});

/** "02:30" → { hour: 2, minute: 30 }; "off" → null (no scheduled backups). */
function parseBackupTime(value: string): { hour: number; minute: number } | null | undefined {
  const text = value.trim().toLowerCase();
  if (text === 'off') return null;
  const match = /^([01]?\d|2[0-3]):([0-5]\d)$/.exec(text);
  return match ? { hour: Number(match[1]), minute: Number(match[2]) } : undefined;
}

/** "PORT must be a whole number…", once per variable, in the schema's order. */
function problemsOf(error: z.ZodError): string[] {
  return error.issues.map((issue) => {
    const name = String(issue.path[0] ?? 'environment');
    return issue.message.startsWith(name) ? issue.message : `${name} ${issue.message}`;
  });
}

/** Throws ConfigError naming every variable whose value cannot be used. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const read = environmentSchema.safeParse(env);
  if (!read.success) throw new ConfigError(problemsOf(read.error));
  const vars = read.data;
  const port = vars.PORT ?? 3000;
  const dataDir = path.resolve(vars.DATA_DIR ?? 'data');
  return {
    port,
    host: vars.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: vars.DATABASE_URL ?? null,
    smtpUrl: vars.SMTP_URL ?? null,
    mailFrom: vars.MAIL_FROM ?? 'Northbridge College <no-reply@northbridge-college.ca>',
    admissionsEmail: vars.ADMISSIONS_EMAIL ?? COLLEGE.emails.admissions,
    siteUrl: (vars.SITE_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    adminEmail: vars.ADMIN_EMAIL ?? null,
    adminPassword: vars.ADMIN_PASSWORD ?? null,
    distDir: path.resolve(vars.DIST_DIR ?? 'dist'),
    logLevel: vars.LOG_LEVEL ?? 'info',
    logFormat: logFormat(vars.LOG_FORMAT),
    trustProxy: vars.TRUST_PROXY,
    redisUrl: vars.REDIS_URL ?? null,
    leadsRateLimit: vars.LEADS_RATE_LIMIT ?? 10,
    leadSpoolMax: vars.LEAD_SPOOL_MAX ?? 5000,
    repeatMatchDays: vars.REPEAT_MATCH_DAYS ?? 365,
    partnerOrigins: vars.PARTNER_ORIGINS ?? [],
    metricsToken: vars.METRICS_TOKEN ?? null,
    secretsKey: vars.SECRETS_KEY ?? null,
    secretsKeyPrevious: (vars.SECRETS_KEY_PREVIOUS ?? '')
      .split(',')
      .map((key) => key.trim())
      .filter(Boolean),
    secretsKeyFile: vars.SECRETS_KEY_FILE ? path.resolve(vars.SECRETS_KEY_FILE) : defaultKeyFile(dataDir),
    imapUrl: vars.IMAP_URL ?? null,
    retentionMonths: vars.RETENTION_MONTHS ?? 24,
    imapPollSeconds: vars.IMAP_POLL_SECONDS ?? 60,
    backupDir: vars.BACKUP_DIR ? path.resolve(vars.BACKUP_DIR) : path.join(path.dirname(dataDir), `${path.basename(dataDir)}-backups`),
    backupTime: vars.BACKUP_TIME === undefined ? { hour: 2, minute: 30 } : vars.BACKUP_TIME,
    backupKeep: vars.BACKUP_KEEP ?? 14,
    backupBeforeMigrate: vars.BACKUP_BEFORE_MIGRATE === 'true',
  };
}
