/**
 * The process's job queue: pg-boss on the application's own database (docs/decisions.md, "A real
 * job queue"). Background work is a named queue with a retry policy; a job is sent (now, at a
 * time, or on a cron schedule) and run once by whichever instance fetches it first. A job's data
 * holds references (row ids, a time), never a secret: it is stored in plain text.
 */
import { PgBoss, type Clock, type QueuePolicy } from 'pg-boss';
import type { Database, Queryable } from '../db/database';
import { adaptPool, adaptQueryable } from './database-adapter';

export interface JobLog {
  debug(line: string): void;
  warn(line: string): void;
}

/** A queue and how its jobs are retried: after `delaySeconds`, doubling up to `maxDelaySeconds`. */
export interface QueueSpec {
  name: string;
  /** pg-boss's policy: `stately` keeps at most one job waiting and one running per singleton key. */
  policy: QueuePolicy;
  retryLimit: number;
  retryDelaySeconds: number;
  retryDelayMaxSeconds: number;
  /** How often an idle worker looks for jobs (at least 0.5). */
  pollingIntervalSeconds: number;
  /**
   * Jobs fetched per poll (default 1), run one after another. A worker waits for its next poll
   * after each fetch, so a queue that meets bursts (sequence steps) takes several at a time.
   */
  batchSize?: number;
  /** How long a job may run before pg-boss takes it for lost and retries it (default 15 minutes). */
  expireSeconds?: number;
  /**
   * A running job beats this often (at half the interval): a job whose process was killed stops
   * beating and is failed at pg-boss's next supervision (SUPERVISE_SECONDS), not at its expiry.
   */
  heartbeatSeconds?: number;
}

/** How often pg-boss looks for expired jobs and jobs whose heartbeat stopped (its default is a minute). */
const SUPERVISE_SECONDS = 10;

export interface SendOptions {
  /** Not before this time. */
  startAfter?: Date;
  /** With a `stately` queue, a second job with the same key is not queued while one waits. */
  singletonKey?: string;
  /** Sends inside the caller's transaction: the job exists only if that transaction commits. */
  within?: Queryable;
}

/** How a cron expression is read, and what a tick missed while no instance ran becomes. */
export interface ScheduleTiming {
  /** An IANA zone (e.g. America/Toronto): the cron's hours are local there, across DST changes. */
  tz?: string;
  /** `once`: ticks missed while every instance was down become one job at the next start; `skip` (default): none. */
  missed?: 'skip' | 'once';
}

export interface QueueCounts {
  queue: string;
  /** Due, waiting for a worker. */
  queued: number;
  /** Waiting for their time (delayed jobs, the next retry wake-up). */
  delayed: number;
  /** Failed at least once, waiting for their next attempt. */
  retrying: number;
  active: number;
  /** Out of retries; kept for inspection until pg-boss's retention deletes them. */
  failed: number;
}

export interface JobQueue {
  /** The schema holding the queue's tables (one per test schema on a shared server). */
  readonly schema: string;
  start(): Promise<void>;
  /** Stops fetching, waits up to `timeoutMs` for running handlers; the database stays open. */
  stop(timeoutMs?: number): Promise<void>;
  /** Creates the queue (idempotent) and runs `handler` for its jobs in this process. */
  work<T extends object>(spec: QueueSpec, handler: (data: T) => Promise<void>): Promise<void>;
  /** This process stops running the queue's jobs (waiting for one running); other instances go on. */
  offWork(queue: string): Promise<void>;
  /** Resolves with the job's id, or null when a singleton key refused it. */
  send(queue: string, data: object, options?: SendOptions): Promise<string | null>;
  /** A cron schedule (UTC unless `timing.tz`), stored in the database: one job per tick across all instances. */
  schedule(queue: string, cron: string, timing?: ScheduleTiming): Promise<void>;
  /** Removes the queue's stored schedule (no error when there is none). */
  unschedule(queue: string): Promise<void>;
  counts(): Promise<QueueCounts[]>;
}

export interface JobQueueOptions {
  log: JobLog;
  /** pg-boss's TestClock in tests: time moves only when the test says so, in JS and in SQL. */
  clock?: Clock;
}

/** The library's default schema; a test database's own schema gets one beside it. */
export function jobsSchemaFor(db: Pick<Database, 'schema'>): string {
  return db.schema ? `${db.schema}_pgboss` : 'pgboss';
}

export function createJobQueue(db: Database, options: JobQueueOptions): JobQueue {
  const schema = jobsSchemaFor(db);
  const boss = new PgBoss({
    db: adaptPool(db.pool),
    schema,
    backend: db.kind === 'pglite' ? 'pglite' : 'postgres',
    superviseIntervalSeconds: SUPERVISE_SECONDS,
    ...(options.clock ? { clock: options.clock } : {}),
  });
  boss.on('error', (error: Error) => options.log.warn(`job queue: ${error.message}`));
  boss.on('warning', (warning: { message?: string }) => options.log.debug(`job queue: ${warning.message ?? 'warning'}`));
  const created = new Set<string>();
  let started: Promise<unknown> | null = null;

  async function ensureQueue(spec: QueueSpec): Promise<void> {
    if (created.has(spec.name)) return;
    const options = {
      retryLimit: spec.retryLimit,
      retryDelay: spec.retryDelaySeconds,
      retryBackoff: true,
      retryDelayMax: spec.retryDelayMaxSeconds,
      ...(spec.expireSeconds ? { expireInSeconds: spec.expireSeconds } : {}),
      ...(spec.heartbeatSeconds ? { heartbeatSeconds: spec.heartbeatSeconds } : {}),
    };
    await boss.createQueue(spec.name, { policy: spec.policy, ...options });
    // A queue made by an earlier version keeps its old options unless they are set again.
    await boss.updateQueue(spec.name, options);
    created.add(spec.name);
  }

  return {
    schema,
    async start() {
      await (started ??= boss.start());
    },
    async stop(timeoutMs = 10_000) {
      if (!started) return;
      await started.catch(() => undefined);
      await boss.stop({ graceful: true, timeout: timeoutMs, close: false });
    },
    async work(spec, handler) {
      await ensureQueue(spec);
      const fetch = { pollingIntervalSeconds: spec.pollingIntervalSeconds, ...(spec.batchSize ? { batchSize: spec.batchSize } : {}) };
      await boss.work<object>(spec.name, fetch, async (jobs) => {
        for (const job of jobs) await handler(job.data as never);
      });
    },
    async offWork(queue) {
      await boss.offWork(queue, { wait: true });
    },
    async send(queue, data, sendOptions = {}) {
      return boss.send(queue, data, {
        ...(sendOptions.startAfter ? { startAfter: sendOptions.startAfter } : {}),
        ...(sendOptions.singletonKey ? { singletonKey: sendOptions.singletonKey } : {}),
        ...(sendOptions.within ? { db: adaptQueryable(sendOptions.within) } : {}),
      });
    },
    async schedule(queue, cron, timing = {}) {
      await boss.schedule(queue, cron, {}, { tz: timing.tz ?? 'UTC', ...(timing.missed ? { missed: timing.missed } : {}) });
    },
    async unschedule(queue) {
      await boss.unschedule(queue);
    },
    async counts() {
      // job_now() is pg-boss's clock: the database's, or a test clock's.
      const { rows } = await db.pool.query<{ name: string; state: string; n: number }>(
        `SELECT name, CASE WHEN state = 'created' AND start_after > ${schema}.job_now() THEN 'delayed' ELSE state::text END AS state,
                count(*)::int AS n
           FROM ${schema}.job WHERE state IN ('created', 'retry', 'active', 'failed') GROUP BY 1, 2`,
      );
      const zero = (queue: string): QueueCounts => ({ queue, queued: 0, delayed: 0, retrying: 0, active: 0, failed: 0 });
      const byQueue = new Map<string, QueueCounts>();
      for (const name of created) byQueue.set(name, zero(name));
      for (const row of rows) {
        const counts = byQueue.get(row.name) ?? zero(row.name);
        if (row.state === 'created') counts.queued = row.n;
        else if (row.state === 'delayed') counts.delayed = row.n;
        else if (row.state === 'retry') counts.retrying = row.n;
        else if (row.state === 'active') counts.active = row.n;
        else counts.failed = row.n;
        byQueue.set(row.name, counts);
      }
      return [...byQueue.values()].sort((a, b) => a.queue.localeCompare(b.queue));
    },
  };
}
