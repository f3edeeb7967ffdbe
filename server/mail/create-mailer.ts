/**
 * The mailer: queues messages in the database and runs the worker that sends them.
 * The worker wakes every POLL_MS (and shortly after an enqueue), sends what is due and backs off
 * on failure; an error (SMTP or database down) is logged and retried, never thrown at the process.
 */
import type { Config } from '../config';
import type { Database } from '../db/database';
import type { Mailer } from './mailer';
import { createDelivery, redactAddresses, type MailLog } from './delivery';
import { claimDueMail, insertMail, markFailed, markSent } from './mail-queue';

export const POLL_MS = 2000;
/** After an enqueue, look again soon: by then the caller's transaction has usually committed. */
const KICK_MS = 150;

/** `log`: the process's logger (server/logger.ts) or anything with info and warn. */
export function createMailer(config: Config, db: Database, log: MailLog): Mailer {
  const delivery = createDelivery(config, log);
  let timer: NodeJS.Timeout | null = null;
  let timerDueAt = 0;
  let started = false;
  let inFlight: Promise<number> | null = null;

  async function sendDue(): Promise<number> {
    let sent = 0;
    for (;;) {
      const batch = await claimDueMail(db.pool);
      if (batch.length === 0) return sent;
      for (const mail of batch) {
        try {
          await delivery.send(mail);
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
    }
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
      await insertMail(client, message);
      schedule(KICK_MS);
    },
    flush,
    start() {
      if (started) return;
      started = true;
      schedule(0);
    },
    async stop() {
      started = false;
      if (timer) clearTimeout(timer);
      timer = null;
      await inFlight?.catch(() => 0);
      delivery.close();
    },
  };
}
