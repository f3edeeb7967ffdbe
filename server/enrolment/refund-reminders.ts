/**
 * The daily reminder of overdue refunds (issue 34): a pg-boss cron job at 08:00 in Toronto (so it
 * follows daylight saving) mails every active admin the refunds past their due date (30 days
 * after the notice, O. Reg. 415/06). At most once per Toronto day: the day is recorded in
 * refund_reminder_days in the transaction that queues the mails, so a retried job, a second
 * instance or the catch-up run at start sends nothing more that day. A day without an overdue
 * refund sends nothing and records nothing.
 */
import type { Config } from '../config';
import type { Database } from '../db/database';
import type { JobLog, JobQueue, QueueSpec } from '../jobs/job-queue';
import type { Mailer } from '../mail/mailer';
import { adminAddresses } from '../assignment';
import { torontoDate } from '../../src/college-time';
import { refundObligationsWhere } from './refund-rows';
import { overdueRefundsMail } from './refund-reminder-mail';

export const REFUND_REMINDERS_QUEUE: QueueSpec = {
  name: 'refund-reminders',
  policy: 'stately',
  retryLimit: 3,
  retryDelaySeconds: 60,
  retryDelayMaxSeconds: 600,
  pollingIntervalSeconds: 30,
};
export const REFUND_REMINDERS_CRON = '0 8 * * *';
export const REFUND_REMINDERS_TIME_ZONE = 'America/Toronto';

export interface RefundReminderDeps {
  db: Database;
  jobs: JobQueue;
  mailer: Mailer;
  config: Config;
  now: () => Date;
  log: JobLog;
}

/** One run: resolves with the number of mails queued (0 when none is overdue or today's were sent). */
export async function sendRefundReminders(deps: Omit<RefundReminderDeps, 'jobs'>): Promise<number> {
  const now = deps.now();
  const queued = await deps.db.transaction(async (tx) => {
    const overdue = await refundObligationsWhere(tx, `r.status = 'open' AND r.due_at < $1`, [now], now);
    if (overdue.length === 0) return 0;
    const { rows } = await tx.query<{ day: string }>(
      'INSERT INTO refund_reminder_days (day, refunds) VALUES ($1::date, $2) ON CONFLICT (day) DO NOTHING RETURNING day::text AS day',
      [torontoDate(now), overdue.length],
    );
    if (!rows[0]) return 0;
    const admins = await adminAddresses(tx);
    for (const to of admins) await deps.mailer.enqueue(tx, overdueRefundsMail(to, overdue, now, deps.config.siteUrl));
    return admins.length;
  });
  if (queued > 0) {
    deps.mailer.kick();
    deps.log.debug(`refund reminders: ${queued} mail(s) queued`);
  }
  return queued;
}

/** Runs the job in this process and stores its daily schedule (a tick missed while down runs once at the next start). */
export async function workRefundReminders(deps: RefundReminderDeps): Promise<void> {
  await deps.jobs.work(REFUND_REMINDERS_QUEUE, async () => {
    await sendRefundReminders(deps);
  });
  await deps.jobs.schedule(REFUND_REMINDERS_QUEUE.name, REFUND_REMINDERS_CRON, { tz: REFUND_REMINDERS_TIME_ZONE, missed: 'once' });
}
