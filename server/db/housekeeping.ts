/**
 * Scheduled clean-up of rows that only matter for a while: sign-in attempts older than a day
 * (the table would otherwise grow by one row per guessed e-mail), ended rate-limit windows, expired
 * two-factor sign-in challenges, lead confirmations older than a day, and
 * secrets in the mail queue (see server/mail/purge-secrets.ts). Runs a minute after start (not
 * during it: start-up stays fast) and then every HOUSEKEEPING_INTERVAL_MS on each instance; the DELETEs are idempotent, so several instances
 * running them at once do no harm.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context';
import type { Queryable } from './database';
import { purgeExpiredHits } from '../http/rate-limit-store';
import { purgeOldSigninAttempts } from '../auth/signin-throttle';
import { purgeMailSecrets } from '../mail/purge-secrets';
import { purgeExpiredChallenges } from '../auth/signin-challenge';
import { purgeOldConfirmations } from '../leads/confirmation-limit';

export const HOUSEKEEPING_INTERVAL_MS = 10 * 60_000;
export const HOUSEKEEPING_FIRST_RUN_MS = 60_000;

export interface Housekeeping {
  stop(): Promise<void>;
}

export async function runHousekeeping(db: Queryable): Promise<Record<string, number>> {
  return {
    signinAttempts: await purgeOldSigninAttempts(db),
    rateLimitHits: await purgeExpiredHits(db),
    mailSecrets: await purgeMailSecrets(db),
    signinChallenges: await purgeExpiredChallenges(db),
    leadConfirmations: await purgeOldConfirmations(db),
  };
}

export function startHousekeeping(ctx: AppContext, log: FastifyBaseLogger): Housekeeping {
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = runHousekeeping(ctx.db.pool)
      .then((purged) => log.debug({ purged }, 'housekeeping done'))
      .catch((error: unknown) => log.warn({ err: error }, 'housekeeping failed; will retry'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, HOUSEKEEPING_INTERVAL_MS);
  timer.unref();
  const first = setTimeout(tick, HOUSEKEEPING_FIRST_RUN_MS);
  first.unref();
  return {
    async stop() {
      clearInterval(timer);
      clearTimeout(first);
      await running;
    },
  };
}
