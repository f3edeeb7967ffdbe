/**
 * Clean-up of rows that only matter for a while, as a scheduled job: sign-in attempts older than a
 * day (the table would otherwise grow by one row per guessed e-mail), ended rate-limit windows,
 * expired two-factor sign-in challenges, lead confirmations older than a day, and secrets in the
 * mail queue (server/mail/purge-secrets.ts); and it folds the per-connection lead tallies
 * (server/crm/lead-tallies.ts). The schedule lives in the database, so one instance runs each tick; the DELETEs are idempotent all the same, so a retried or repeated run does no harm.
 */
import type { Queryable } from '../db/database';
import { purgeExpiredHits } from '../http/rate-limit-store';
import { purgeOldSigninAttempts } from '../auth/signin-throttle';
import { purgeMailSecrets } from '../mail/purge-secrets';
import { purgeExpiredChallenges } from '../auth/signin-challenge';
import { purgeOldConfirmations } from '../leads';
import { purgeOldMailCaps } from '../events';
import { foldLeadTallies } from '../crm';
import type { JobLog, JobQueue, QueueSpec } from './job-queue';

export const HOUSEKEEPING_QUEUE: QueueSpec = {
  name: 'housekeeping',
  policy: 'stately',
  retryLimit: 3,
  retryDelaySeconds: 30,
  retryDelayMaxSeconds: 600,
  pollingIntervalSeconds: 30,
};

/** Every ten minutes, as the loop it replaces. */
export const HOUSEKEEPING_CRON = '*/10 * * * *';

export async function runHousekeeping(db: Queryable): Promise<Record<string, number>> {
  return {
    signinAttempts: await purgeOldSigninAttempts(db),
    rateLimitHits: await purgeExpiredHits(db),
    mailSecrets: await purgeMailSecrets(db),
    signinChallenges: await purgeExpiredChallenges(db),
    leadConfirmations: await purgeOldConfirmations(db),
    registrationMailCaps: await purgeOldMailCaps(db),
    leadTalliesFolded: await foldLeadTallies(db),
  };
}

/** Runs housekeeping jobs in this process and (idempotently) stores their schedule. */
export async function workHousekeeping(jobs: JobQueue, db: Queryable, log: JobLog): Promise<void> {
  await jobs.work(HOUSEKEEPING_QUEUE, async () => {
    const purged = await runHousekeeping(db);
    log.debug(`housekeeping done: ${JSON.stringify(purged)}`);
  });
  await jobs.schedule(HOUSEKEEPING_QUEUE.name, HOUSEKEEPING_CRON);
}
