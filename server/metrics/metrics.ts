/**
 * The process's Prometheus metrics (prom-client), in a registry of its own per server (tests run
 * several servers in one process; the library's global registry would refuse the second). Counters
 * are bumped where things happen; depths are read from their source when Prometheus scrapes, so
 * they are never stale and cost nothing between scrapes.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Queryable } from '../db/database';
import type { QueueCounts } from '../jobs/job-queue';
import { readBackupHealth } from '../backup/backup-runs';

export interface MetricSources {
  db: Queryable;
  spoolDepth(): Promise<number>;
  activeCourses(): number;
  /** Bumped on every catalogue reload (this process's count). */
  catalogueVersion?(): number;
  /** Jobs per queue and state, across all instances (they share the queue's tables). */
  jobCounts?(): Promise<QueueCounts[]>;
}

export interface Metrics {
  readonly registry: Registry;
  readonly requestDuration: Histogram<'method' | 'route' | 'status_code'>;
  readonly leadsCreated: Counter;
  /** Requests answered from memory before Fastify (server/http/fast-paths.ts). */
  readonly fastPathAnswers: Counter;
  readonly leadsSpooled: Counter;
  readonly signinFailures: Counter;
  readonly signinThrottled: Counter;
}

export function createMetrics(sources: MetricSources): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const metrics: Metrics = {
    registry,
    requestDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer a request, by route pattern (not by URL, so the number of series stays bounded).',
      labelNames: ['method', 'route', 'status_code'],
      buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
      registers: [registry],
    }),
    fastPathAnswers: new Counter({
      name: 'fast_path_answers_total',
      help: 'Requests answered from cached bytes before the request pipeline (catalogue reads, site files and pages).',
      registers: [registry],
    }),
    leadsCreated: new Counter({
      name: 'leads_created_total',
      help: 'Leads written to the database as they arrived.',
      registers: [registry],
    }),
    leadsSpooled: new Counter({
      name: 'leads_spooled_total',
      help: 'Leads written to the disk spool during a database outage.',
      registers: [registry],
    }),
    signinFailures: new Counter({
      name: 'signin_failures_total',
      help: 'Refused sign-ins: wrong password, unknown address or wrong code.',
      registers: [registry],
    }),
    signinThrottled: new Counter({
      name: 'signin_throttled_total',
      help: 'Sign-ins refused by the per-address limit (429).',
      registers: [registry],
    }),
  };
  new Gauge({
    name: 'lead_spool_depth',
    help: 'Leads waiting in the disk spool for the database.',
    registers: [registry],
    async collect() {
      this.set(await sources.spoolDepth());
    },
  });
  new Gauge({
    name: 'catalogue_active_courses',
    help: 'Active courses in the in-memory catalogue.',
    registers: [registry],
    collect() {
      this.set(sources.activeCourses());
    },
  });
  new Gauge({
    name: 'catalogue_version',
    help: 'Reloads of the in-memory catalogue in this process (rises after every saved change).',
    registers: [registry],
    collect() {
      this.set(sources.catalogueVersion?.() ?? 0);
    },
  });
  new Gauge({
    name: 'mail_queue_depth',
    help: 'Mails not yet delivered; `retrying` have failed at least once.',
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      const { rows } = await sources.db.query<{ waiting: string; retrying: string }>(
        `SELECT count(*) FILTER (WHERE attempts = 0) AS waiting, count(*) FILTER (WHERE attempts > 0) AS retrying
           FROM mail_queue WHERE sent_at IS NULL`,
      );
      this.set({ state: 'waiting' }, Number(rows[0]?.waiting ?? 0));
      this.set({ state: 'retrying' }, Number(rows[0]?.retrying ?? 0));
    },
  });
  new Gauge({
    name: 'lead_notifications_pending',
    help: 'Accepted leads whose two notification mails the mail worker has not queued yet.',
    registers: [registry],
    async collect() {
      const { rows } = await sources.db.query<{ pending: string }>('SELECT count(*) AS pending FROM leads WHERE notify_pending');
      this.set(Number(rows[0]?.pending ?? 0));
    },
  });
  new Gauge({
    name: 'job_queue_depth',
    help: 'Jobs per queue: `queued` (due), `delayed` (not yet due), `retrying` (failed, waiting for their next attempt), `active`.',
    labelNames: ['queue', 'state'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const counts of (await sources.jobCounts?.()) ?? []) {
        for (const state of ['queued', 'delayed', 'retrying', 'active'] as const) this.set({ queue: counts.queue, state }, counts[state]);
      }
    },
  });
  new Gauge({
    name: 'job_queue_failed',
    help: "Jobs per queue that used up their retries (kept until the queue's retention removes them).",
    labelNames: ['queue'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const counts of (await sources.jobCounts?.()) ?? []) this.set({ queue: counts.queue }, counts.failed);
    },
  });
  // From backup_runs, not this process's memory: the instance that ran the backup may not be the one scraped.
  new Counter({
    name: 'backup_failures_total',
    help: "Failed backups recorded in the database, by reason (scheduled, manual, before-migrate), every instance's.",
    labelNames: ['reason'],
    registers: [registry],
    async collect() {
      const { failures } = await readBackupHealth(sources.db);
      this.reset();
      for (const [reason, count] of Object.entries(failures)) this.inc({ reason }, count);
    },
  });
  new Gauge({
    name: 'backup_last_success_timestamp_seconds',
    help: 'When the newest successful backup finished (Unix time); 0 when none ever did. Alert when older than two days.',
    registers: [registry],
    async collect() {
      const { lastSuccessAt } = await readBackupHealth(sources.db);
      this.set(lastSuccessAt ? lastSuccessAt.getTime() / 1000 : 0);
    },
  });
  return metrics;
}
