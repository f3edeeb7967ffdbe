/**
 * The waitlist: ordered by the time a registration joined it (`queued_at`, then id). A seat that
 * frees up (a cancellation, a larger capacity) goes to the first in line, in the transaction that
 * freed it, with the 'promoted' mail and timeline entry. Callers hold the event row's lock
 * (SELECT … FOR UPDATE), so two cancellations never hand the same seat out twice.
 */
import type { Queryable } from '../db/database';
import { recordEventEntry } from './event-timeline';
import { queueEventMail, type EventMailContext } from './event-mails';

/** Fills free seats from the waitlist; returns the ids promoted. The event row must be locked by the caller. */
export async function promoteWaitlisted(tx: Queryable, ctx: EventMailContext, eventId: string, now: Date = new Date()): Promise<string[]> {
  const { rows } = await tx.query<{ id: string; lead_id: string | null }>(
    `WITH free AS (
       SELECT greatest(0, e.capacity - (SELECT count(*) FROM event_registrations r WHERE r.event_id = e.id AND r.status = 'registered'))::int AS seats
         FROM events e WHERE e.id = $1 AND e.cancelled_at IS NULL AND e.ends_at > $2
     ), first AS (
       SELECT r.id FROM event_registrations r
        WHERE r.event_id = $1 AND r.status = 'waitlisted'
        ORDER BY r.queued_at, r.id
        LIMIT (SELECT coalesce(max(seats), 0) FROM free)
     )
     UPDATE event_registrations r SET status = 'registered', promoted_at = $2
       FROM first WHERE r.id = first.id
     RETURNING r.id::text AS id, r.lead_id`,
    [eventId, now],
  );
  for (const row of rows) {
    if (row.lead_id) await recordEventEntry(tx, row.lead_id.trim(), 'promoted', eventId, null);
    await queueEventMail(tx, 'promoted', row.id, ctx, now);
  }
  return rows.map((row) => row.id);
}
