/**
 * What attendance records on a lead (issue 24): 'attended' at check-in (check-in.ts) and, when an
 * event ends, 'no_show' for every seat holder not checked in. Each outcome goes to the lead's
 * timeline and enrols the lead in the sequences whose rule names that outcome, in the transaction
 * that records it.
 *
 * The end-of-event pass takes one ended event at a time (FOR UPDATE SKIP LOCKED), stamps its
 * no-shows and then `events.outcomes_at` in one transaction: a pass run twice, or on two
 * instances, records them once. A check-in committing meanwhile holds its registration's row, so
 * the stamp waits for it and then sees it checked in. Waitlisted people never held a seat and are
 * not no-shows; a cancelled event has no outcomes.
 */
import type { Queryable } from '../db/database';
import type { JobQueue } from '../jobs/job-queue';
import type { Database } from '../db/database';
import { enrolForEventOutcome, type EventOutcome } from '../sequences';
import { recordEventEntry } from './event-timeline';

/** The timeline entry and the sequences of one outcome of one registration's lead. */
export async function recordOutcome(
  jobs: JobQueue,
  client: Queryable,
  registration: { leadId: string | null; eventId: string },
  outcome: EventOutcome,
  by: string | null,
  now: Date,
): Promise<void> {
  if (!registration.leadId) return;
  await recordEventEntry(client, registration.leadId, outcome, registration.eventId, by);
  await enrolForEventOutcome(jobs, client, registration.leadId, outcome, now);
}

export interface OutcomesResult {
  events: number;
  noShows: number;
}

/** Records the outcomes of one ended event; false when none is left. */
async function recordOneEvent(db: Database, jobs: JobQueue, now: Date, result: OutcomesResult): Promise<boolean> {
  return db.transaction(async (client) => {
    const { rows } = await client.query<{ id: string }>(
      `SELECT id::text AS id FROM events WHERE ends_at <= $1 AND outcomes_at IS NULL AND cancelled_at IS NULL
        ORDER BY ends_at, id LIMIT 1 FOR UPDATE SKIP LOCKED`,
      [now],
    );
    const eventId = rows[0]?.id;
    if (!eventId) return false;
    const noShows = await client.query<{ lead_id: string | null }>(
      `UPDATE event_registrations SET no_show_at = $2
        WHERE event_id = $1 AND status = 'registered' AND checked_in_at IS NULL AND no_show_at IS NULL
        RETURNING lead_id`,
      [eventId, now],
    );
    for (const row of noShows.rows) {
      await recordOutcome(jobs, client, { leadId: row.lead_id?.trim() ?? null, eventId }, 'no_show', null, now);
    }
    await client.query('UPDATE events SET outcomes_at = $2 WHERE id = $1', [eventId, now]);
    result.events += 1;
    result.noShows += noShows.rows.length;
    return true;
  });
}

/** Records the no-shows of every event that has ended by `now`; idempotent. */
export async function recordEndedEvents(db: Database, jobs: JobQueue, now: Date): Promise<OutcomesResult> {
  const result: OutcomesResult = { events: 0, noShows: 0 };
  while (await recordOneEvent(db, jobs, now, result)) {
    // The next ended event.
  }
  return result;
}
