/** What route modules get: configuration and the long-lived services, built once in main.ts. */
import type { Config } from './config';
import type { Database } from './db/database';
import type { Catalogue } from './catalogue/catalogue';
import type { Mailer } from './mail/mailer';
import type { Redis } from 'ioredis';
import type { Metrics } from './metrics/metrics';
import type { SecretBox } from './secrets/secret-box';
import type { JobQueue } from './jobs/job-queue';
import type { LeadLife } from './lead-life/lead-life';

export interface AppContext {
  config: Config;
  db: Database;
  catalogue: Catalogue;
  mailer: Mailer;
  /** The lead's follow-up after intake (server/lead-life/): announced after a lead is stored. */
  leadLife: LeadLife;
  /** Shared rate-limit counters when REDIS_URL is set; otherwise they live in the database. */
  redis: Redis | null;
  /** Prometheus counters and gauges, served at /metrics (server/routes/metrics.ts). */
  metrics: Metrics;
  /** Seals 2FA secrets and queued one-time links at rest, with the key kept outside the database. */
  secrets: SecretBox;
  /** The job queue (pg-boss): routes send jobs inside their transactions (sequence enrolments). */
  jobs: JobQueue;
  /** The server's clock for rules that depend on the day (check-in opens on the event's day): the system's, or a test's. */
  now: () => Date;
}
