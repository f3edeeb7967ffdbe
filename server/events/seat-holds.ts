/**
 * Registrations that cannot be aimed (issue 35). A registration from an address that has never
 * completed a link from us (confirmed-addresses.ts) holds its place for HOLD_HOURS: the mail it
 * gets carries its link, and "Confirm my place" on that link's page confirms the address and
 * every place it holds. A place not confirmed in time is released by the events pass (a seat goes
 * to the waitlist); nothing is mailed about it, since the address may be a stranger's. Such an
 * address gets at most one registration mail per MAIL_CAP_HOURS across all events and instances
 * (mail-cap.ts, claimed atomically as the inquiry confirmation's is): a flood of
 * registrations in someone's name yields one mail, and its link confirms them all.
 *
 * Why 24 hours: the mail arrives in seconds and most people read it the same day, also when they
 * register at night; a flood's seats come back within a day, long before most events (announced
 * weeks ahead); and it matches the mail cap, so a second registration the same day, which gets no
 * mail, is confirmed by the first mail's link. A place at an event that has started is never
 * released (the person may be in the room; staff check-in settles it).
 */
import type { Database } from '../db/database';
import { recordEventEntry } from './event-timeline';
import { promoteWaitlisted } from './waitlist';
import type { EventMailContext } from './event-mails';

export const HOLD_HOURS = 24;
/** Holds released per pass; the rest wait for the next minute. */
const RELEASE_BATCH = 100;

export const holdUntil = (now: Date): Date => new Date(now.getTime() + HOLD_HOURS * 3600 * 1000);

/** Releases the places whose hold ran out at events not yet started; returns how many. */
export async function releaseExpiredHolds(db: Database, ctx: EventMailContext, now: Date): Promise<number> {
  const { rows } = await db.pool.query<{ id: string; event_id: string }>(
    `SELECT r.id::text AS id, r.event_id::text AS event_id FROM event_registrations r JOIN events e ON e.id = r.event_id
      WHERE r.confirm_by IS NOT NULL AND r.confirm_by <= $1 AND r.status <> 'cancelled' AND e.starts_at > $1
      ORDER BY r.confirm_by LIMIT $2`,
    [now, RELEASE_BATCH],
  );
  let released = 0;
  for (const { id, event_id: eventId } of rows) {
    released += await db.transaction(async (tx) => {
      // The event's lock first (the order every seat change takes), then the registration as it is now.
      await tx.query('SELECT id FROM events WHERE id = $1 FOR UPDATE', [eventId]);
      const { rows: changed } = await tx.query<{ was: string; lead_id: string | null }>(
        `WITH before AS (SELECT id, status FROM event_registrations WHERE id = $1 FOR UPDATE)
         UPDATE event_registrations r SET status = 'cancelled', cancelled_at = $2
           FROM before b WHERE r.id = b.id AND r.confirm_by IS NOT NULL AND r.confirm_by <= $2 AND r.status <> 'cancelled'
         RETURNING b.status AS was, trim(r.lead_id) AS lead_id`,
        [id, now],
      );
      const row = changed[0];
      if (!row) return 0; // confirmed or cancelled meanwhile
      if (row.lead_id) await recordEventEntry(tx, row.lead_id, 'released', eventId, null);
      if (row.was === 'registered') await promoteWaitlisted(tx, ctx, eventId, now);
      return 1;
    });
  }
  if (released > 0) ctx.mailer.kick();
  return released;
}
