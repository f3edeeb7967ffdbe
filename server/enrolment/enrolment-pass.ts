/**
 * Enrolment's pass on the job queue (issue 34), each minute: the copies delivered since the last
 * pass start their cooling-off, and the students whose cooling-off has ended are enrolled. A cron
 * job (one instance takes each tick) rather than a delayed job per contract: a cancellation needs
 * no job withdrawn, a server that was down catches up at its next tick (a kick at start does it
 * at once), and both steps are guarded UPDATEs, so a doubled or retried pass changes nothing.
 * Reading a contract also settles its own copy (contract-routes.ts), so the deadline shows as
 * soon as the mail is delivered, not a minute later.
 */
import type { Database } from '../db/database';
import type { JobLog, JobQueue, QueueSpec } from '../jobs/job-queue';
import { enrolDue, settleCopyDeliveries } from './contract-lifecycle';

export const ENROLMENT_PASS_QUEUE: QueueSpec = {
  name: 'enrolment-pass',
  policy: 'short',
  retryLimit: 3,
  retryDelaySeconds: 10,
  retryDelayMaxSeconds: 120,
  pollingIntervalSeconds: 2,
};
export const ENROLMENT_PASS_CRON = '* * * * *';

export interface EnrolmentPassDeps {
  db: Database;
  jobs: JobQueue;
  /** The clock (pg-boss's TestClock in tests). */
  now: () => Date;
  log: JobLog;
}

export async function runEnrolmentPass(deps: Pick<EnrolmentPassDeps, 'db' | 'now'>): Promise<{ delivered: number; enrolled: number }> {
  return deps.db.transaction(async (tx) => ({
    delivered: await settleCopyDeliveries(tx),
    enrolled: await enrolDue(tx, deps.now()),
  }));
}

/** Runs the pass in this process, stores its schedule and runs one at once (catching up after downtime). */
export async function workEnrolment(deps: EnrolmentPassDeps): Promise<void> {
  await deps.jobs.work(ENROLMENT_PASS_QUEUE, async () => {
    const done = await runEnrolmentPass(deps);
    if (done.delivered + done.enrolled > 0) deps.log.debug(`enrolment pass: ${JSON.stringify(done)}`);
  });
  await deps.jobs.schedule(ENROLMENT_PASS_QUEUE.name, ENROLMENT_PASS_CRON);
  await kickEnrolmentPass(deps.jobs);
}

/** A pass soon, not waiting for the minute (at start). */
export async function kickEnrolmentPass(jobs: JobQueue): Promise<void> {
  await jobs.send(ENROLMENT_PASS_QUEUE.name, {}, { singletonKey: 'kick' });
}
