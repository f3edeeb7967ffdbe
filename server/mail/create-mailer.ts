/**
 * The mailer: queues messages in the database and delivers them as jobs on the job queue
 * (server/jobs/). The mail_queue row is the message's durable record, with its own attempts and
 * back-off; a `mail-delivery` job holds at most the row's id and means "send what is due", so it is
 * idempotent and any instance may run it. Jobs are sent with an enqueued message (in its
 * transaction), after a kick (a lead stored: its notifications are made in the pass), at the time of
 * the next retry, and by a schedule each minute that catches whatever nothing announced. An error
 * (SMTP or database down) is logged and retried, never thrown at the process.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Config } from '../config';
import type { Database } from '../db/database';
import type { Mailer } from './mailer';
import { createDelivery, redactAddresses, type MailLog } from './delivery';
import { claimDueMail, insertMail, markFailed, markSent, nextAttemptAt, openMail } from './mail-queue';
import { createSecretBox, type SecretBox } from '../secrets/secret-box';
import { loadSecretKeys } from '../secrets/secret-key';
import { createJobQueue, type JobQueue, type QueueSpec } from '../jobs/job-queue';

export const MAIL_QUEUE: QueueSpec = {
  name: 'mail-delivery',
  // One pass waiting and one running per key: a burst of kicks queues one job, not one per mail.
  policy: 'stately',
  // A pass that throws (the database went away mid-pass) is retried: 5 s, 10 s, ... at most 10 min.
  retryLimit: 20,
  retryDelaySeconds: 5,
  retryDelayMaxSeconds: 600,
  pollingIntervalSeconds: 0.5,
};
/** The safety sweep: a mail whose kick was lost (a crash right after its commit) waits at most a minute. */
export const MAIL_SWEEP_CRON = '* * * * *';
/** Kicks closer together than this send one job: under a burst of leads, one insert per window, not per lead. */
const KICK_WINDOW_MS = 200;
/** A kicked pass starts no sooner: by then the kicking request has usually finished its own work. */
const KICK_DELAY_MS = 150;

/**
 * Runs before each batch: queues mail that other rows are waiting for (new leads' notifications,
 * server/leads/lead-notifier.ts) and says how many rows it took; called again while it takes some.
 */
export type MailProducer = () => Promise<number>;

/**
 * `log`: the process's logger (server/logger.ts) or anything with info and warn. `secrets` seals
 * mails that carry a one-time link; by default the configured key, loaded when first needed.
 * `jobs`: the process's job queue; without one, start() starts a queue of its own on `db`.
 */
export function createMailer(
  config: Config,
  db: Database,
  log: MailLog,
  producers: readonly MailProducer[] = [],
  secrets?: SecretBox,
  jobs?: JobQueue,
): Mailer {
  const delivery = createDelivery(config, log);
  let loaded = secrets ?? null;
  const box = () => (loaded ??= createSecretBox(loadSecretKeys(config)));
  const warn = (what: string) => (error: unknown) => log.warn(`${what}: ${error instanceof Error ? error.message : String(error)}`);
  let queue: JobQueue | null = jobs ?? null;
  const ownQueue = !jobs;
  let ready: Promise<void> | null = null;
  /** The queue is started and this process works it: a job can be sent inside a caller's transaction. */
  let working = false;
  let started = false;
  /** Set by stop(): the pass in flight ends after its current batch, the rest waits in the queue. */
  let stopping = false;
  let inFlight: Promise<number> | null = null;
  let kickRequested = false;
  let kicking = false;

  async function sendDue(): Promise<number> {
    let sent = 0;
    // Producers run before each batch until they find nothing more; leads stored later kick a new pass.
    let producing = producers.length > 0;
    while (!stopping) {
      if (producing) {
        let taken = 0;
        for (const produce of producers) taken += await produce();
        producing = taken > 0;
      }
      const batch = await claimDueMail(db.pool);
      if (batch.length === 0) return sent;
      const delivered: string[] = [];
      try {
        for (const mail of batch) {
          try {
            await delivery.send(openMail(mail, box));
          } catch (error) {
            const reason = error instanceof Error ? error.message : String(error);
            // No address in the log: it is personal data (a student's e-mail), and so may be the SMTP reason.
            log.warn(`Mail #${mail.id} not sent (attempt ${mail.attempts + 1}), will retry: ${redactAddresses(reason)}`);
            await markFailed(db.pool, mail, reason);
            continue;
          }
          delivered.push(mail.id);
        }
      } finally {
        // Also when a markFailed fails (the database went away): what was delivered is recorded if it can be.
        await markSent(db.pool, delivered);
      }
      sent += delivered.length;
    }
    return sent;
  }

  /** One pass at a time per process; a caller that arrives mid-pass waits for it, then runs its own. */
  async function flush(): Promise<number> {
    while (inFlight) await inFlight.catch(() => 0);
    inFlight = sendDue();
    try {
      return await inFlight;
    } finally {
      inFlight = null;
    }
  }

  /** The job: a pass, then a delayed job for the earliest retry still waiting (one per instant). */
  async function deliveryJob(): Promise<void> {
    await flush();
    if (stopping || !queue) return;
    const next = await nextAttemptAt(db.pool);
    if (next) await queue.send(MAIL_QUEUE.name, {}, { startAfter: next, singletonKey: `at-${Math.ceil(next.getTime() / 1000)}` });
  }

  /** Sends the kick jobs: at once, then at most one per window while kicks keep coming. */
  async function sendKicks(): Promise<void> {
    kicking = true;
    try {
      while (kickRequested && started && queue) {
        kickRequested = false;
        await ready;
        const startAfter = new Date(Date.now() + KICK_DELAY_MS);
        await queue.send(MAIL_QUEUE.name, {}, { singletonKey: 'now', startAfter }).catch(warn('Mail kick'));
        await sleep(KICK_WINDOW_MS, undefined, { ref: false });
      }
    } finally {
      kicking = false;
    }
  }

  function kick(): void {
    if (!started) return;
    kickRequested = true;
    if (!kicking) void sendKicks().catch(warn('Mail kick'));
  }

  return {
    async enqueue(client, message) {
      const mailId = await insertMail(client, message, box);
      // In the caller's transaction, the job becomes visible with the row, never before it. Not
      // while the queue starts: waiting for it here would hold the transaction (PGlite's only
      // connection) that the start needs; a kick after the start covers that moment.
      if (working && queue) await queue.send(MAIL_QUEUE.name, { mailId }, { within: client, singletonKey: `mail-${mailId}` });
      else kick();
      return mailId;
    },
    flush,
    kick,
    start() {
      if (started) return;
      started = true;
      stopping = false;
      const own = (queue ??= createJobQueue(db, { log: { debug: () => undefined, warn: (line) => log.warn(line) } }));
      ready = (async () => {
        if (ownQueue) await own.start();
        await own.work(MAIL_QUEUE, deliveryJob);
        await own.schedule(MAIL_QUEUE.name, MAIL_SWEEP_CRON);
        working = started;
      })();
      ready.catch(warn('Mail worker'));
      kick(); // what a previous run left in the queue
    },
    async stop() {
      // A shutdown must not wait for a backlog (after a burst of leads, thousands of messages):
      // they are safe in the queue, and the next start, or another instance, sends them.
      started = false;
      working = false;
      stopping = true;
      await ready?.catch(() => undefined);
      // A stopped mailer takes no more delivery jobs: another instance (or the next start) runs them.
      if (ownQueue) await queue?.stop();
      else if (ready) await queue?.offWork(MAIL_QUEUE.name).catch(warn('Mail worker'));
      await inFlight?.catch(() => 0);
      delivery.close();
    },
  };
}
