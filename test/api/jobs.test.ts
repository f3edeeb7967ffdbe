/**
 * The job queue (server/jobs/, pg-boss on the application's database): retries with back-off,
 * delayed jobs, job keys, the queue's metrics and each mail sent once by two instances, on both
 * databases. Tests that depend on
 * time drive pg-boss's TestClock, which moves the clock in JavaScript and in SQL together.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TestClock } from 'pg-boss';
import { loadConfig } from '../../server/config';
import { openDatabase, type Database } from '../../server/db/database';
import { createJobQueue, type JobQueue, type QueueSpec } from '../../server/jobs/job-queue';
import { createMailer, MAIL_QUEUE } from '../../server/mail/create-mailer';
import type { Mailer } from '../../server/mail/mailer';
import { runHousekeeping } from '../../server/jobs/housekeeping';
import { createMetrics } from '../../server/metrics/metrics';
import { createTestDatabase, bothDatabaseKinds, type TestDatabase } from '../support/database';
import { startSmtpSink, type SmtpSink } from '../support/smtp';

const START_TIMEOUT_MS = 120_000;
const quiet = { debug: () => undefined, warn: () => undefined };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await sleep(20);
  }
}

/** Advances the test clock a second at a time until `check` holds (at most `limitSeconds`). */
async function tickUntil(clock: TestClock, check: () => boolean, limitSeconds: number): Promise<void> {
  for (let second = 0; second < limitSeconds && !check(); second += 1) {
    await clock.tick(1000);
    await sleep(5); // the handler that the tick's poll started runs on real time
  }
  await waitFor(check, 5000);
}

const spec = (name: string, overrides: Partial<QueueSpec> = {}): QueueSpec => ({
  name,
  policy: 'standard',
  retryLimit: 3,
  retryDelaySeconds: 5,
  retryDelayMaxSeconds: 600,
  pollingIntervalSeconds: 1,
  ...overrides,
});

describe.each(bothDatabaseKinds())('the job queue (%s)', (kind) => {
  let db: TestDatabase;
  let queues: JobQueue[] = [];
  const queue = (clock?: TestClock, on: Database = db) => {
    const created = createJobQueue(on, { log: quiet, ...(clock ? { clock } : {}) });
    queues.push(created);
    return created;
  };

  beforeAll(async () => {
    db = await createTestDatabase(kind);
  }, START_TIMEOUT_MS);
  afterEach(async () => {
    for (const created of queues) await created.stop();
    queues = [];
  });
  afterAll(async () => {
    await db?.close();
  });

  test('a failing job is retried with back-off, then succeeds', async () => {
    const clock = new TestClock();
    const jobs = queue(clock);
    await jobs.start();
    const attempts: number[] = [];
    await jobs.work(spec('flaky'), async () => {
      attempts.push(clock.now());
      if (attempts.length < 3) throw new Error(`attempt ${attempts.length} fails`);
    });
    await jobs.send('flaky', { leadId: 'abc' });
    await tickUntil(clock, () => attempts.length === 3, 120);
    const [first, second, third] = attempts as [number, number, number];
    // pg-boss's back-off: delay × 2^n with jitter, so 5-10 s after the first failure, 10-20 s after the second.
    expect((second - first) / 1000).toBeGreaterThanOrEqual(5);
    expect((second - first) / 1000).toBeLessThanOrEqual(12);
    expect((third - second) / 1000).toBeGreaterThanOrEqual(10);
    expect((third - second) / 1000).toBeLessThanOrEqual(22);
    await waitFor(async () => (await jobs.counts()).find((c) => c.queue === 'flaky')?.retrying === 0);
  });

  test('a job that keeps failing stops after its retries and shows as failed', async () => {
    const clock = new TestClock();
    const jobs = queue(clock);
    await jobs.start();
    let attempts = 0;
    await jobs.work(spec('hopeless', { retryLimit: 1, retryDelaySeconds: 1 }), async () => {
      attempts += 1;
      throw new Error('never works');
    });
    await jobs.send('hopeless', {});
    await tickUntil(clock, () => attempts === 2, 60);
    await waitFor(async () => (await jobs.counts()).find((c) => c.queue === 'hopeless')?.failed === 1);
    await clock.tick(30_000);
    expect(attempts).toBe(2);
    // /metrics shows it per queue, with the depth of the others.
    await jobs.send('hopeless', {}, { startAfter: new Date(clock.now() + 3_600_000) });
    const metrics = createMetrics({ db: db.pool, spoolDepth: async () => 0, activeCourses: () => 0, jobCounts: () => jobs.counts() });
    const text = await metrics.registry.metrics();
    expect(text).toContain('job_queue_failed{queue="hopeless"} 1');
    expect(text).toContain('job_queue_depth{queue="hopeless",state="delayed"} 1');
    expect(text).toContain('job_queue_depth{queue="hopeless",state="retrying"} 0');
  });

  test('a delayed job runs at its time, not before', async () => {
    const clock = new TestClock(new Date('2026-12-01T08:00:00Z'));
    const jobs = queue(clock);
    await jobs.start();
    const ranAt: number[] = [];
    await jobs.work(spec('reminder'), async () => {
      ranAt.push(clock.now());
    });
    const due = new Date('2026-12-01T09:00:00Z');
    await jobs.send('reminder', { eventId: 'e1' }, { startAfter: due });
    // A jump (no timer replayed per second of the hour), then a few polls just before the time.
    await clock.setTime(due.getTime() - 5000);
    await clock.tick(3000);
    await sleep(200);
    expect(ranAt).toEqual([]);
    await tickUntil(clock, () => ranAt.length === 1, 120);
    expect(ranAt[0]).toBeGreaterThanOrEqual(due.getTime());
    expect(ranAt[0]).toBeLessThanOrEqual(due.getTime() + 2000);
  });

  test('a cron schedule runs once per tick, not once per instance', async () => {
    // Later than the other tests' clocks: pg-boss records in the database when it last ran its cron pass.
    const clock = new TestClock(new Date('2026-12-02T08:00:30Z'));
    const runs: number[] = [];
    for (const _instance of [1, 2]) {
      const jobs = queue(clock);
      await jobs.start();
      await jobs.work(spec('every-minute', { policy: 'stately' }), async () => {
        runs.push(clock.now());
      });
      await jobs.schedule('every-minute', '* * * * *');
    }
    await tickUntil(clock, () => runs.length >= 3, 300);
    await clock.tick(5000);
    const minutes = runs.map((at) => Math.floor(at / 60_000));
    expect(new Set(minutes).size).toBe(runs.length);
  });

  test('a job key keeps a second job from being queued while the first waits', async () => {
    const jobs = queue();
    await jobs.start();
    await jobs.work(spec('keyed', { policy: 'stately', pollingIntervalSeconds: 30 }), async () => undefined);
    // Due in an hour, so the worker's first poll cannot take the job (a taken job is 'active', and
    // a stately queue then accepts one more 'created' job with the same key).
    const waiting = { singletonKey: 'k', startAfter: new Date(Date.now() + 3_600_000) };
    expect(await jobs.send('keyed', {}, waiting)).not.toBeNull();
    expect(await jobs.send('keyed', {}, waiting)).toBeNull();
    expect(await jobs.send('keyed', {}, { ...waiting, singletonKey: 'other' })).not.toBeNull();
  });

  test('a job sent inside a transaction that rolls back never exists', async () => {
    const jobs = queue();
    await jobs.start();
    await jobs.work(spec('in-transaction', { pollingIntervalSeconds: 30 }), async () => undefined);
    await expect(
      db.transaction(async (client) => {
        await jobs.send('in-transaction', {}, { within: client });
        throw new Error('the caller failed');
      }),
    ).rejects.toThrow('the caller failed');
    expect((await jobs.counts()).find((c) => c.queue === 'in-transaction')?.queued).toBe(0);
  });

  test('housekeeping run twice has the effect of once', async () => {
    await runHousekeeping(db.pool); // what earlier tests left behind
    await db.pool.query(
      `INSERT INTO signin_attempts (email, ip, success, created_at) VALUES ('old@test.example', '192.0.2.1', false, now() - interval '3 days')`,
    );
    const first = await runHousekeeping(db.pool);
    const second = await runHousekeeping(db.pool);
    expect(first.signinAttempts).toBe(1);
    expect(Object.values(second).every((n) => n === 0)).toBe(true);
  });
});

describe.each(bothDatabaseKinds())('mail delivery as jobs on two instances (%s)', (kind) => {
  let db: TestDatabase;
  let other: Database;
  let sink: SmtpSink;
  let dataDir: string;
  const mailers: Mailer[] = [];
  const queues: JobQueue[] = [];

  beforeAll(async () => {
    db = await createTestDatabase(kind);
    // On PostgreSQL the second instance has its own pool, as another process would; PGlite has one.
    other =
      kind === 'postgres' ? await openDatabase({ databaseUrl: db.url, schema: db.schema ?? undefined, onError: () => undefined }) : db;
    sink = await startSmtpSink();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'college-jobs-'));
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    for (const mailer of mailers) await mailer.stop();
    for (const jobs of queues) await jobs.stop();
    if (other !== db) await other?.close();
    await sink?.close();
    await db?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const instance = async (on: Database) => {
    const jobs = createJobQueue(on, { log: quiet });
    queues.push(jobs);
    await jobs.start();
    const mailer = createMailer(
      loadConfig({ DATA_DIR: dataDir, SMTP_URL: sink.url }),
      on,
      { info: () => undefined, warn: () => undefined },
      { jobs },
    );
    mailers.push(mailer);
    mailer.start();
    return mailer;
  };

  test('each mail is sent once, whichever instance runs its job, even when its job runs twice', async () => {
    const a = await instance(db);
    await instance(other);
    const addresses = Array.from({ length: 20 }, (_, i) => `twice${i}@test.example`);
    await db.transaction(async (client) => {
      for (const to of addresses) await a.enqueue(client, { to, subject: 'Hello', text: 'Hello', html: '<p>Hello</p>' });
    });
    // The same delivery asked for again under other keys, as a redelivered job would be.
    await queues[0]?.send(MAIL_QUEUE.name, {}, { singletonKey: 'again-1' });
    await queues[1]?.send(MAIL_QUEUE.name, {}, { singletonKey: 'again-2' });
    await waitFor(() => addresses.every((to) => sink.messages.some((m) => m.to.includes(to))), 20_000);
    await waitFor(async () => {
      const counts = (await queues[0]?.counts())?.find((c) => c.queue === MAIL_QUEUE.name);
      return counts !== undefined && counts.active === 0 && counts.queued === 0;
    }, 20_000);
    for (const to of addresses) expect(sink.messages.filter((m) => m.to.includes(to))).toHaveLength(1);
  }, 60_000);
});
