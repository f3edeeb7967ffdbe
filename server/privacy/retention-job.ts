/**
 * The retention schedule as a daily job on the shared queue: one run per day across instances
 * (the cron lives in the database), retried on failure; the run itself is idempotent.
 */
import type { Database } from '../db/database';
import type { JobLog, JobQueue, QueueSpec } from '../jobs/job-queue';
import { runRetention } from './retention';

export const RETENTION_QUEUE: QueueSpec = {
  name: 'privacy-retention',
  policy: 'stately',
  retryLimit: 3,
  retryDelaySeconds: 300,
  retryDelayMaxSeconds: 3600,
  pollingIntervalSeconds: 60,
};

/** 08:20 UTC: 03:20 or 04:20 in Toronto, a quiet hour. */
export const RETENTION_CRON = '20 8 * * *';

export async function workRetention(jobs: JobQueue, db: Database, months: number, log: JobLog): Promise<void> {
  await jobs.work(RETENTION_QUEUE, async () => {
    const anonymised = await runRetention(db, { now: new Date(), months });
    log.debug(`privacy retention: ${anonymised} people anonymised`);
  });
  await jobs.schedule(RETENTION_QUEUE.name, RETENTION_CRON);
}
