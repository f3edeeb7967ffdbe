/**
 * Speed to lead: a lead the assignment pass handled is watched until it is contacted
 * (server/assignment/contact.ts). When its business hours run out first, this job flags it
 * (`contact_overdue_at`, the deadline) and sends ONE reminder to its owner and the admins: the
 * flag and the end of the watch are written in the statement that takes the lead, under FOR UPDATE
 * SKIP LOCKED, so a job run twice or on two instances reminds once. A cron job each minute.
 */
import type { Database } from '../db/database';
import type { JobLog, JobQueue, QueueSpec } from '../jobs/job-queue';
import { addBusinessHours, businessHoursBetween } from '../time/business-hours';
import { speedReminderMail, formatDeadline, type LeadLine } from './assignment-mails';
import { contactedSql } from './contact';
import { speedToLeadHours } from './rules-store';
import { adminAddresses, queueStaffNotice } from './staff-notice';

export const SPEED_TO_LEAD_QUEUE: QueueSpec = {
  name: 'speed-to-lead',
  policy: 'stately',
  retryLimit: 5,
  retryDelaySeconds: 30,
  retryDelayMaxSeconds: 600,
  pollingIntervalSeconds: 10,
};
/** Each minute: a reminder goes out within about a minute of its time. */
export const SPEED_TO_LEAD_CRON = '* * * * *';
const BATCH_SIZE = 200;

interface WatchedLead {
  id: string;
  first_name: string;
  last_name: string;
  owner_id: string | null;
  owner_email: string | null;
  created_at: Date;
  contacted: boolean;
}

const WATCHED_SQL = /* sql */ `
  SELECT l.id, l.first_name, l.last_name, l.owner_id, o.email AS owner_email, l.created_at, ${contactedSql('l')} AS contacted
    FROM leads l LEFT JOIN users o ON o.id = l.owner_id AND o.status = 1
   WHERE l.contact_watch ORDER BY l.created_at LIMIT $1 FOR UPDATE OF l SKIP LOCKED`;

const UNWATCH_SQL = /* sql */ `
  UPDATE leads l SET contact_watch = false, contact_overdue_at = d.due
    FROM unnest($1::char(24)[], $2::timestamptz[]) AS d(id, due) WHERE l.id = d.id`;

export interface SpeedToLeadResult {
  flagged: number;
  contacted: number;
}

/** Flags and reminds what is overdue at `now`; idempotent. */
export async function runSpeedToLead(db: Database, siteUrl: string, now: Date): Promise<SpeedToLeadResult> {
  const result: SpeedToLeadResult = { flagged: 0, contacted: 0 };
  for (;;) {
    const { done, flagged, contacted } = await db.transaction(async (client) => {
      const { rows } = await client.query<WatchedLead>(WATCHED_SQL, [BATCH_SIZE]);
      const hours = await speedToLeadHours(client);
      const ended = rows.filter((l) => l.contacted);
      const overdue = rows.filter((l) => !l.contacted && businessHoursBetween(l.created_at, now) >= hours);
      const due = (lead: WatchedLead) => addBusinessHours(lead.created_at, hours);
      await client.query(UNWATCH_SQL, [[...ended, ...overdue].map((l) => l.id), [...ended.map(() => null), ...overdue.map(due)]]);
      if (overdue.length > 0) {
        const line = (l: WatchedLead): LeadLine => ({
          id: l.id.trim(),
          name: `${l.first_name} ${l.last_name}`,
          note: `due ${formatDeadline(due(l))}`,
        });
        const byRecipient = new Map<string, LeadLine[]>();
        const add = (to: string, l: WatchedLead) => byRecipient.set(to, [...(byRecipient.get(to) ?? []), line(l)]);
        const admins = await adminAddresses(client);
        for (const lead of overdue) {
          const recipients = new Set([...(lead.owner_email ? [lead.owner_email] : []), ...admins]);
          for (const to of recipients) add(to, lead);
        }
        for (const [to, lines] of byRecipient) await queueStaffNotice(client, speedReminderMail(to, lines, hours, siteUrl));
      }
      // Watched leads come oldest first: once one is still within its time, so are all newer ones.
      const waiting = rows.length - ended.length - overdue.length;
      return { done: rows.length < BATCH_SIZE || waiting > 0, flagged: overdue.length, contacted: ended.length };
    });
    result.flagged += flagged;
    result.contacted += contacted;
    if (done) return result;
  }
}

/** Runs the job in this process and stores its schedule; mails it queues are sent by the mail worker. */
export async function workSpeedToLead(
  jobs: JobQueue,
  db: Database,
  siteUrl: () => string,
  kickMail: () => void,
  log: JobLog,
): Promise<void> {
  await jobs.work(SPEED_TO_LEAD_QUEUE, async () => {
    const { flagged } = await runSpeedToLead(db, siteUrl(), new Date());
    if (flagged > 0) {
      log.debug(`speed to lead: ${flagged} leads flagged`);
      kickMail();
    }
  });
  await jobs.schedule(SPEED_TO_LEAD_QUEUE.name, SPEED_TO_LEAD_CRON);
}
