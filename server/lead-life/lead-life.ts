/**
 * The lead's follow-up after intake, on its own job queue (issue 30). Accepting a lead is one
 * narrow INSERT whose row carries what is still to be done (`repeat_pending`, `notify_pending`,
 * `assign_pending`, `sequence_pending`): that row is the outbox, written atomically with the lead
 * and costing intake no second write. `announce()` wakes the `lead-life` job after the commit
 * (coalesced: one job per window under a burst), or inside a caller's transaction. The job runs
 * the handlers below, in this order, each a set-based pass that takes a batch of pending rows and
 * clears their flag in the transaction that does the work, so a crash leaves them pending and a
 * second run finds nothing to do:
 *   1. the repeat-inquiry check (a repeat joins its lead before anyone is told or assigned: the
 *      later handlers skip rows still `repeat_pending`);
 *   2. the notifications (admissions' summary and the student's confirmation);
 *   3. the assignment by the rules;
 *   4. the enrolment in e-mail sequences.
 * The mailer only delivers: each round that queued mail wakes it. A schedule each minute runs the
 * job too: the safety net for a wake-up lost between a commit and its announce, and the way leads
 * left pending by a crash are taken up after a restart.
 */
import type { Config } from '../config';
import type { Database, Queryable } from '../db/database';
import type { Catalogue } from '../catalogue/catalogue';
import type { Mailer } from '../mail/mailer';
import type { SecretBox } from '../secrets/secret-box';
import type { JobLog, JobQueue, QueueSpec } from '../jobs/job-queue';
import { createKicker } from '../jobs/kicker';
import { repeatInquiryPass } from '../repeat/repeat-pass';
import { leadNotifier } from '../leads';
import { runAssignmentPass } from '../assignment';
import { enrolNewLeads } from '../sequences';

export const LEAD_LIFE_QUEUE: QueueSpec = {
  name: 'lead-life',
  // One job waiting and one running: a burst of announcements is one job, which takes every pending lead.
  policy: 'stately',
  // A handler that failed (the database went away) leaves its leads pending; the job goes again.
  retryLimit: 20,
  retryDelaySeconds: 2,
  retryDelayMaxSeconds: 60,
  pollingIntervalSeconds: 0.5,
  heartbeatSeconds: 10,
};
/** The safety net: whatever no announcement reached is taken within a minute. */
export const LEAD_LIFE_SWEEP_CRON = '* * * * *';

export interface LeadLife {
  /** Wakes the follow-up: inside `within`'s transaction (the job exists only if it commits), or just after a commit. */
  announce(within?: Queryable): Promise<void>;
  /** Runs every handler until no lead is pending; resolves with how many handler rows were taken (tests, the job). */
  settle(): Promise<number>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export interface LeadLifeDeps {
  db: Database;
  jobs: JobQueue;
  mailer: Mailer;
  config: Config;
  catalogue: Catalogue;
  secrets: SecretBox;
  now: () => Date;
  log: JobLog;
}

interface Handler {
  name: string;
  run(): Promise<number>;
}

/**
 * Rows per statement. PostgreSQL takes large batches (the budget: 300 leads a second followed up);
 * PGlite's one connection is shared with the requests, which wait little behind a small batch.
 */
const batchSizeFor = (db: Database) => (db.kind === 'postgres' ? 200 : 20);

function handlersOf(deps: LeadLifeDeps): Handler[] {
  const { db, config, catalogue } = deps;
  const batch = batchSizeFor(db);
  const settings = {
    get siteUrl() {
      return config.siteUrl; // read at each pass: a test server learns its port after the start
    },
    catalogue,
  };
  return [
    { name: 'repeat inquiry', run: repeatInquiryPass(db, config, catalogue, batch) },
    { name: 'notification', run: leadNotifier(db.pool, config, catalogue, deps.secrets, batch) },
    { name: 'assignment', run: () => runAssignmentPass(db, settings, batch) },
    { name: 'sequence enrolment', run: () => enrolNewLeads(deps) },
  ];
}

export function createLeadLife(deps: LeadLifeDeps): LeadLife {
  const handlers = handlersOf(deps);
  let started = false;
  let ready: Promise<unknown> = Promise.resolve();
  const warn = (what: string) => (error: unknown) => deps.log.warn(`${what}: ${error instanceof Error ? error.message : String(error)}`);

  /** One round of every handler in order; a failing handler is logged and the others go on. */
  async function round(): Promise<{ taken: number; failed: Error | null }> {
    let taken = 0;
    let failed: Error | null = null;
    for (const handler of handlers) {
      try {
        taken += await handler.run();
      } catch (error) {
        failed = error instanceof Error ? error : new Error(String(error));
        warn(`lead follow-up (${handler.name})`)(error);
      }
    }
    return { taken, failed };
  }

  async function settle(): Promise<number> {
    let total = 0;
    for (;;) {
      const { taken, failed } = await round();
      total += taken;
      if (taken > 0) deps.mailer.kick(); // the mails this round queued
      // A failure after the others' work: thrown, so the job is retried with pg-boss's back-off.
      if (failed) throw failed;
      if (taken === 0) return total;
    }
  }

  const kick = createKicker({
    send: (startAfter) => deps.jobs.send(LEAD_LIFE_QUEUE.name, {}, { singletonKey: 'now', startAfter }),
    ready: () => ready,
    active: () => started,
    onError: warn('Lead follow-up wake-up'),
    windowMs: 100,
    delayMs: 20,
  });

  return {
    async announce(within) {
      if (within && started) await deps.jobs.send(LEAD_LIFE_QUEUE.name, {}, { within, singletonKey: 'now' });
      else kick();
    },
    settle,
    async start() {
      started = true;
      ready = (async () => {
        await deps.jobs.work(LEAD_LIFE_QUEUE, async () => {
          await settle();
        });
        await deps.jobs.schedule(LEAD_LIFE_QUEUE.name, LEAD_LIFE_SWEEP_CRON);
      })();
      await ready;
      // What a previous run left pending, now, by this process: a job would wait until pg-boss failed
      // the killed run's job, which still holds the queue's one running place.
      void settle().catch(warn('Lead follow-up'));
    },
    async stop() {
      if (!started) return;
      started = false;
      await deps.jobs.offWork(LEAD_LIFE_QUEUE.name).catch(warn('Lead follow-up'));
    },
  };
}
