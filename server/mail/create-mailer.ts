/**
 * The mailer delivers; it produces nothing (issue 30: the lead's follow-up runs on its own queue,
 * server/lead-life/). Messages are queued in the database (mail-queue.ts, in the caller's
 * transaction) and delivered by `mail-delivery` jobs on the job queue (server/jobs/). The
 * mail_queue row is the message's durable record, with its attempts and back-off: that is the one
 * retry policy, and a delivery job is only a wake-up ("send what is due"), idempotent, run by any
 * instance and never retried itself. Jobs are sent with an enqueued message (in its transaction),
 * after a kick (a pass queued mails in bulk), at the time of the next retry, and by a schedule each
 * minute, the safety net for a wake-up lost in a crash. A job's heartbeat lets pg-boss fail the job
 * of a killed process within seconds, so delivery resumes within a minute of a restart instead of
 * waiting out the job's expiry. An error (SMTP or database down) is logged, never thrown at the process.
 */
import type { Config } from '../config';
import type { Database } from '../db/database';
import type { Mailer } from './mailer';
import { createDelivery, fromAddress, redactAddresses, type MailLog } from './delivery';
import { claimNextMail, queueMail, markFailed, markSent, nextAttemptAt, openMail, type QueuedMail } from './mail-queue';
import { createSecretBox, type SecretBox } from '../secrets/secret-box';
import { loadSecretKeys } from '../secrets/secret-key';
import { createJobQueue, type JobQueue, type QueueSpec } from '../jobs/job-queue';
import { createKicker } from '../jobs/kicker';

export const MAIL_QUEUE: QueueSpec = {
  name: 'mail-delivery',
  // One pass waiting and one running per key: a burst of kicks queues one job, not one per mail.
  policy: 'stately',
  // The rows carry the retries (mail-queue.ts back-off); a failed pass is picked up by the next wake-up.
  retryLimit: 0,
  retryDelaySeconds: 5,
  retryDelayMaxSeconds: 600,
  pollingIntervalSeconds: 0.5,
  // A killed worker's job stops beating: pg-boss fails it at its next supervision, and the next job may run.
  heartbeatSeconds: 10,
};
/** The safety sweep: a mail whose wake-up was lost (a crash right after its commit) waits at most a minute. */
export const MAIL_SWEEP_CRON = '* * * * *';
/** Kicks closer together than this send one job: under a burst of leads, one insert per window, not per lead. */
const KICK_WINDOW_MS = 200;
/** A kicked pass starts no sooner: by then the kicking request has usually finished its own work. */
const KICK_DELAY_MS = 150;
/** A pass hands over to a new job after this long, so one job never holds the queue through a backlog. */
const PASS_BUDGET_MS = 20_000;

export interface MailerOptions {
  /** Seals mails that carry a one-time link; by default the configured key, loaded when first needed. */
  secrets?: SecretBox;
  /** The process's job queue; without one, start() starts a queue of its own on `db`. */
  jobs?: JobQueue;
}

/** A Message-ID of the row's own when the mail has none: a resend after a crash is the same message. */
function withStableMessageId(mail: QueuedMail, mailFrom: string): QueuedMail {
  if (mail.envelope?.messageId) return mail;
  const domain = fromAddress(mailFrom).split('@')[1] ?? 'localhost';
  return { ...mail, envelope: { ...mail.envelope, messageId: `mail-${mail.id}@${domain}` } };
}

/** `log`: the process's logger (server/logger.ts) or anything with info and warn. */
export function createMailer(config: Config, db: Database, log: MailLog, options: MailerOptions = {}): Mailer {
  const delivery = createDelivery(config, log);
  let loaded = options.secrets ?? null;
  const box = () => (loaded ??= createSecretBox(loadSecretKeys(config)));
  const warn = (what: string) => (error: unknown) => log.warn(`${what}: ${error instanceof Error ? error.message : String(error)}`);
  let queue: JobQueue | null = options.jobs ?? null;
  const ownQueue = !options.jobs;
  let ready: Promise<void> | null = null;
  /** The queue is started and this process works it: a job can be sent inside a caller's transaction. */
  let working = false;
  let started = false;
  /** Set by stop(): the pass in flight ends after its current message, the rest waits in the queue. */
  let stopping = false;
  let inFlight: Promise<number> | null = null;

  /** Delivers due messages one at a time, each marked as soon as it is sent; returns how many were sent. */
  async function sendDue(budgetMs = Number.POSITIVE_INFINITY): Promise<number> {
    const until = Date.now() + budgetMs;
    let sent = 0;
    while (!stopping && Date.now() < until) {
      const mail = await claimNextMail(db.pool);
      if (!mail) return sent;
      try {
        await delivery.send(withStableMessageId(openMail(mail, box), config.mailFrom));
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        // No address in the log: it is personal data (a student's e-mail), and so may be the SMTP reason.
        log.warn(`Mail #${mail.id} not sent (attempt ${mail.attempts + 1}), will retry: ${redactAddresses(reason)}`);
        await markFailed(db.pool, mail, reason);
        continue;
      }
      await markSent(db.pool, mail.id);
      sent += 1;
    }
    if (!stopping) kick(); // the budget ran out with mail still due: a new job goes on
    return sent;
  }

  /** One pass at a time per process; a caller that arrives mid-pass waits for it, then runs its own. */
  async function flush(budgetMs?: number): Promise<number> {
    while (inFlight) await inFlight.catch(() => 0);
    inFlight = sendDue(budgetMs);
    try {
      return await inFlight;
    } finally {
      inFlight = null;
    }
  }

  /** The job: a pass, then a delayed job for the earliest retry still waiting (one per instant). */
  async function deliveryJob(): Promise<void> {
    await flush(PASS_BUDGET_MS);
    if (stopping || !queue) return;
    const next = await nextAttemptAt(db.pool);
    if (next) await queue.send(MAIL_QUEUE.name, {}, { startAfter: next, singletonKey: `at-${Math.ceil(next.getTime() / 1000)}` });
  }

  const kick = createKicker({
    send: async (startAfter) => queue?.send(MAIL_QUEUE.name, {}, { singletonKey: 'now', startAfter }),
    ready: async () => ready,
    active: () => started && queue !== null,
    onError: warn('Mail kick'),
    windowMs: KICK_WINDOW_MS,
    delayMs: KICK_DELAY_MS,
  });

  return {
    async enqueue(client, message) {
      const mailId = await queueMail(client, message, box);
      // In the caller's transaction, the job becomes visible with the row, never before it. Not
      // while the queue starts: waiting for it here would hold the transaction (PGlite's only
      // connection) that the start needs; a kick after the start covers that moment.
      if (working && queue) await queue.send(MAIL_QUEUE.name, { mailId }, { within: client, singletonKey: `mail-${mailId}` });
      else kick();
      return mailId;
    },
    flush: () => flush(),
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
      // What a previous run left is sent now by a pass of this process's own: a job would wait until
      // pg-boss failed the killed run's job, which still holds the queue's one running place.
      ready.then(() => (stopping ? 0 : flush(PASS_BUDGET_MS))).catch(warn('Mail worker'));
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
