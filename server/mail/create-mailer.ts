/**
 * The mailer: queues messages in the database and runs the worker that sends them.
 * The worker wakes every POLL_MS (and shortly after an enqueue), sends what is due and backs off
 * on failure; an error (SMTP or database down) is logged and retried, never thrown at the process.
 */
import type { Config } from '../config';
import type { Database } from '../db/database';
import type { Mailer } from './mailer';
import { createDelivery, redactAddresses, type MailLog } from './delivery';
import { claimDueMail, insertMail, markFailed, markSent, openMail } from './mail-queue';
import { createSecretBox, type SecretBox } from '../secrets/secret-box';
import { loadSecretKeys } from '../secrets/secret-key';

export const POLL_MS = 2000;
/** After an enqueue or a kick, look again soon: by then the caller's transaction has usually committed. */
const KICK_MS = 150;

/**
 * Runs before each batch: queues mail that other rows are waiting for (new leads' notifications,
 * server/leads/lead-notifier.ts) and says how many rows it took; called again while it takes some.
 */
export type MailProducer = () => Promise<number>;

/**
 * `log`: the process's logger (server/logger.ts) or anything with info and warn. `secrets` seals
 * mails that carry a one-time link; by default the configured key, loaded when first needed.
 */
export function createMailer(
  config: Config, db: Database, log: MailLog, producers: readonly MailProducer[] = [], secrets?: SecretBox,
): Mailer {
  const delivery = createDelivery(config, log);
  let loaded = secrets ?? null;
  const box = () => (loaded ??= createSecretBox(loadSecretKeys(config)));
  let timer: NodeJS.Timeout | null = null;
  let timerDueAt = 0;
  let started = false;
  /** Set by stop(): the pass in flight ends after its current batch, the rest waits in the queue. */
  let stopping = false;
  let inFlight: Promise<number> | null = null;

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

  /** Looks again soon: called after an enqueue, or when rows a producer turns into mail were stored. */
  function kick(): void {
    schedule(KICK_MS);
  }

  /** Runs a pass after `delay` ms, unless one is already due sooner. */
  function schedule(delay: number): void {
    if (!started) return;
    if (timer && timerDueAt <= Date.now() + delay) return;
    if (timer) clearTimeout(timer);
    timerDueAt = Date.now() + delay;
    timer = setTimeout(() => {
      timer = null;
      flush()
        .catch((error: unknown) => log.warn(`Mail worker: ${error instanceof Error ? error.message : String(error)}`))
        .finally(() => schedule(POLL_MS));
    }, delay);
    timer.unref();
  }

  return {
    async enqueue(client, message) {
      await insertMail(client, message, box);
      kick();
    },
    flush,
    kick,
    start() {
      if (started) return;
      started = true;
      schedule(0);
    },
    async stop() {
      // A shutdown must not wait for a backlog (after a burst of leads, thousands of messages):
      // they are safe in the queue, and the next start, or another instance, sends them.
      started = false;
      stopping = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await inFlight?.catch(() => 0);
      delivery.close();
    },
  };
}
