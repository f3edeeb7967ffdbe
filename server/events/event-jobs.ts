/**
 * The events' background pass on the job queue (issue 24): places whose hold ran out released
 * (seat-holds.ts), reminders due (reminders.ts), then the outcomes of events that have ended (outcomes.ts). One sweep a minute (a cron job, so one
 * instance takes each tick) rather than a delayed job per registration: a moved start time or a
 * cancelled event needs no job to be found and withdrawn, a reminder is at most about a minute
 * late, and a server that was down catches up at its next tick (a kick at start does it at once).
 * Both steps are idempotent, so a retried or doubled pass changes nothing.
 */
import type { Database } from '../db/database';
import type { JobLog, JobQueue, QueueSpec } from '../jobs/job-queue';
import { sendDueReminders } from './reminders';
import type { EventMailContext } from './event-mails';
import { recordEndedEvents } from './outcomes';
import { releaseExpiredHolds } from './seat-holds';

export const EVENTS_PASS_QUEUE: QueueSpec = {
  name: 'events-pass',
  // At most one waiting per key (the kick); a pass may overlap another safely.
  policy: 'short',
  retryLimit: 3,
  retryDelaySeconds: 10,
  retryDelayMaxSeconds: 120,
  pollingIntervalSeconds: 2,
};
export const EVENTS_PASS_CRON = '* * * * *';

export interface EventJobsDeps {
  db: Database;
  jobs: JobQueue;
  /** What event mails are made with; its mailer is kicked when reminders were queued, so they go out now. */
  mail: EventMailContext;
  /** The clock (pg-boss's TestClock in tests). */
  now: () => Date;
  log: JobLog;
}

export async function runEventsPass(
  deps: EventJobsDeps,
): Promise<{ reminders: number; events: number; noShows: number; released: number }> {
  const released = await releaseExpiredHolds(deps.db, deps.mail, deps.now());
  const reminders = await sendDueReminders(deps.db, deps.mail, deps.now());
  for (const failure of reminders.failed) {
    deps.log.warn(`events: the ${failure.kind} mail of registration ${failure.id} could not be queued (${failure.error})`);
  }
  if (reminders.sent > 0) deps.mail.mailer.kick();
  const outcomes = await recordEndedEvents(deps.db, deps.jobs, deps.now());
  return { reminders: reminders.sent, released, ...outcomes };
}

/** Runs the pass in this process, stores its schedule and runs one at once (catching up after downtime). */
export async function workEventJobs(deps: EventJobsDeps): Promise<void> {
  await deps.jobs.work(EVENTS_PASS_QUEUE, async () => {
    const done = await runEventsPass(deps);
    if (done.reminders + done.events + done.released > 0) deps.log.debug(`events pass: ${JSON.stringify(done)}`);
  });
  await deps.jobs.schedule(EVENTS_PASS_QUEUE.name, EVENTS_PASS_CRON);
  await kickEventsPass(deps.jobs);
}

/** A pass soon, not waiting for the minute (at start; after an event's times change). */
export async function kickEventsPass(jobs: JobQueue): Promise<void> {
  await jobs.send(EVENTS_PASS_QUEUE.name, {}, { singletonKey: 'kick' });
}
