/**
 * Reminders 24 hours and 1 hour before an event (issue 24), each sent once, to people holding a
 * seat ('registered'), never for a cancelled event. A reminder is due while its window is open:
 * the 24-hour one from 24 h until 1 h before the start, the 1-hour one from 1 h before until the
 * start. So a pass that runs late still sends it, and a seat taken 30 minutes before the start
 * gets the 1-hour reminder only (the 24-hour window has closed).
 *
 * Once: the registration's stamp (`reminded_24h_at`, `reminded_1h_at`) is set in the transaction
 * that queues the mail, on a row locked with SKIP LOCKED, so a pass run twice, or on two instances
 * at once, finds it done or skips it. The event row is share-locked with SKIP LOCKED too: an event
 * being cancelled at that moment is left for the next pass, which sees it cancelled. The mail is
 * queued (server/mail/), so an outage delays it and loses nothing.
 */
import type { Database, Queryable } from '../db/database';
import { queueEventMail, type EventMailContext } from './event-mails';

export type ReminderKind = 'reminder_24h' | 'reminder_1h';

interface Window {
  kind: ReminderKind;
  /** The registration's stamp (a constant, never from input). */
  stamp: 'reminded_24h_at' | 'reminded_1h_at';
  /** Due from this long before the start… */
  opensHours: number;
  /** …until this long before it. */
  closesHours: number;
}

export const REMINDER_WINDOWS: readonly Window[] = [
  { kind: 'reminder_24h', stamp: 'reminded_24h_at', opensHours: 24, closesHours: 1 },
  { kind: 'reminder_1h', stamp: 'reminded_1h_at', opensHours: 1, closesHours: 0 },
];

const BATCH = 100;

function dueSql(window: Window): string {
  return /* sql */ `
    SELECT r.id::text AS id FROM event_registrations r JOIN events e ON e.id = r.event_id
     WHERE r.status = 'registered' AND r.${window.stamp} IS NULL AND e.cancelled_at IS NULL
       AND e.starts_at - make_interval(hours => ${window.opensHours}) <= $1
       AND $1 < e.starts_at - make_interval(hours => ${window.closesHours})
       AND NOT (r.id = ANY($2::bigint[]))
     ORDER BY e.starts_at, r.id LIMIT ${BATCH}
       FOR NO KEY UPDATE OF r SKIP LOCKED FOR SHARE OF e SKIP LOCKED`;
}

export interface ReminderResult {
  sent: number;
  /** Registrations whose mail could not be made (logged; tried again at the next pass). */
  failed: { id: string; kind: ReminderKind; error: string }[];
}

/** Stamps and queues one reminder; false when another pass stamped it first. */
async function remindOne(client: Queryable, mail: EventMailContext, window: Window, id: string, now: Date): Promise<boolean> {
  const { rowCount } = await client.query(`UPDATE event_registrations SET ${window.stamp} = $2 WHERE id = $1 AND ${window.stamp} IS NULL`, [
    id,
    now,
  ]);
  if (rowCount !== 1) return false;
  await queueEventMail(client, window.kind, id, mail, now);
  return true;
}

/** One batch of one window; resolves with how many rows it looked at (0: nothing left). */
async function remindBatch(db: Database, mail: EventMailContext, window: Window, now: Date, result: ReminderResult): Promise<number> {
  const skipped = result.failed.filter((f) => f.kind === window.kind).map((f) => f.id);
  return db.transaction(async (client) => {
    const { rows } = await client.query<{ id: string }>(dueSql(window), [now, skipped]);
    for (const { id } of rows) {
      // One registration whose mail cannot be made must not hold back everyone else's.
      await client.query('SAVEPOINT reminder');
      try {
        if (await remindOne(client, mail, window, id, now)) result.sent += 1;
        await client.query('RELEASE SAVEPOINT reminder');
      } catch (error) {
        await client.query('ROLLBACK TO SAVEPOINT reminder');
        result.failed.push({ id, kind: window.kind, error: error instanceof Error ? error.message : String(error) });
      }
    }
    return rows.length;
  });
}

/** Sends every reminder due at `now`; idempotent. */
export async function sendDueReminders(db: Database, mail: EventMailContext, now: Date): Promise<ReminderResult> {
  const result: ReminderResult = { sent: 0, failed: [] };
  for (const window of REMINDER_WINDOWS) {
    while ((await remindBatch(db, mail, window, now, result)) === BATCH) {
      // A full batch: there may be more.
    }
  }
  return result;
}
