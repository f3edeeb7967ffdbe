/** Runtime configuration, read once from the environment (README lists every variable). */
import path from 'node:path';
import { COLLEGE } from '../src/college';
import { parseTrustProxy, type TrustedProxies } from './http/trusted-proxies';
import { logFormat, type LogFormat } from './logger';
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
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  const dataDir = path.resolve(env.DATA_DIR ?? 'data');
  return {
    port: Number.isInteger(port) && port >= 0 ? port : 3000,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || null,
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM ?? 'Northbridge College <no-reply@northbridge-college.ca>',
    admissionsEmail: env.ADMISSIONS_EMAIL || COLLEGE.emails.admissions,
    siteUrl: (env.SITE_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    adminEmail: env.ADMIN_EMAIL || null,
    adminPassword: env.ADMIN_PASSWORD || null,
    distDir: path.resolve(env.DIST_DIR ?? 'dist'),
    logLevel: env.LOG_LEVEL ?? 'info',
    logFormat: logFormat(env.LOG_FORMAT),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    redisUrl: env.REDIS_URL || null,
    leadsRateLimit: positiveInteger(env.LEADS_RATE_LIMIT, 10),
    leadSpoolMax: positiveInteger(env.LEAD_SPOOL_MAX, 5000),
    metricsToken: env.METRICS_TOKEN || null,
    secretsKey: env.SECRETS_KEY || null,
    secretsKeyPrevious: (env.SECRETS_KEY_PREVIOUS ?? '').split(',').map((key) => key.trim()).filter(Boolean),
    secretsKeyFile: env.SECRETS_KEY_FILE ? path.resolve(env.SECRETS_KEY_FILE) : defaultKeyFile(dataDir),
  };
}

function positiveInteger(value: string | undefined, fallback: number): number {
  const parsed = Number(value);
  return value && Number.isInteger(parsed) && parsed > 0 ? parsed : fallback;
}
