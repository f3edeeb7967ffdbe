/**
 * Checking a person in at the door, and undoing it (issue 24); from the event's day on, or earlier
 * when the staff member confirms it (issue 31, check-in-day.ts). Each runs in one transaction on the
 * registration's locked row, so two phones tapping the same person at once check them in once.
 * - Check-in is idempotent: a second tap answers the registration as it is. It writes 'attended'
 *   on the lead's timeline and enrols the lead in the sequences triggered by attendance
 *   (outcomes.ts). A cancelled registration is refused (409): the person registers as a walk-in.
 * - A waitlisted person who shows up is let in: the seat is taken at the door (status
 *   'registered', `promoted_at` = the check-in time), above capacity if need be, since the
 *   room's staff decide; no 'promoted' mail goes out, they are standing there.
 * - A late check-in (after the event ended and its no-shows were recorded) clears the no-show and
 *   removes its timeline entry, so a list typed in afterwards is honoured.
 * - Undo is the correction of a wrong tap: the 'attended' entry is removed (it never happened),
 *   a seat taken at the door goes back to its waitlist place, and after the event's outcomes the
 *   person becomes a no-show as the end-of-event pass would have made them. A sequence the
 *   check-in started is left running: staff remove it on the lead page if it should not go on.
 */
import type { Database, Queryable } from '../db/database';
import type { JobQueue } from '../jobs/job-queue';
import type { CrmRegistration } from '../../src/events-contract';
import { Conflict, NotFound } from '../domain-errors';
import { EVENT_TIMELINE_KIND } from './event-timeline';
import { eventRegistration } from './check-in-rows';
import { recordOutcome } from './outcomes';
import { allowCheckInDay } from './check-in-day';

export const REGISTRATION_NOT_FOUND_MESSAGE = 'There is no such registration for this event. Reload the list and try again.';
export const CANCELLED_CHECK_IN_MESSAGE =
  'This registration was cancelled, so it cannot be checked in. Register the person as a walk-in instead.';
export const EVENT_CANCELLED_CHECK_IN_MESSAGE = 'This event was cancelled: nobody can be checked in.';

interface Locked {
  status: CrmRegistration['status'];
  lead_id: string | null;
  checked_in_at: Date | null;
  no_show_at: Date | null;
  promoted_at: Date | null;
  event_cancelled: boolean;
  outcomes_recorded: boolean;
  starts_at: Date;
}

export interface CheckInTarget {
  eventId: string;
  registrationId: string;
}

/** How the door asked: `early` confirms a check-in before the event's day (check-in-day.ts); `ip` for its audit entry. */
export interface CheckInRequest {
  early?: boolean;
  ip?: string | null;
}

async function lock(client: Queryable, target: CheckInTarget): Promise<Locked> {
  const { rows } = /^[1-9]\d{0,17}$/.test(target.registrationId)
    ? await client.query<Locked>(
        `SELECT r.status, trim(r.lead_id) AS lead_id, r.checked_in_at, r.no_show_at, r.promoted_at,
                e.cancelled_at IS NOT NULL AS event_cancelled, e.outcomes_at IS NOT NULL AS outcomes_recorded,
                e.starts_at
           FROM event_registrations r JOIN events e ON e.id = r.event_id
          WHERE r.id = $1 AND r.event_id = $2 FOR NO KEY UPDATE OF r`,
        [target.registrationId, target.eventId],
      )
    : { rows: [] };
  if (!rows[0]) throw new NotFound(REGISTRATION_NOT_FOUND_MESSAGE);
  return rows[0];
}

/** Removes the lead's latest entry of `action` for the event (the one a correction takes back). */
async function removeEntry(client: Queryable, leadId: string, eventId: string, action: 'attended' | 'no_show'): Promise<void> {
  await client.query(
    `DELETE FROM lead_events WHERE id = (
       SELECT id FROM lead_events WHERE lead_id = $1 AND kind = $2 AND detail->>'action' = $3 AND detail->>'event_id' = $4
        ORDER BY created_at DESC, id DESC LIMIT 1)`,
    [leadId, EVENT_TIMELINE_KIND, action, eventId],
  );
}

async function answer(client: Queryable, target: CheckInTarget): Promise<CrmRegistration> {
  const registration = await eventRegistration(client, target.eventId, target.registrationId);
  if (!registration) throw new NotFound(REGISTRATION_NOT_FOUND_MESSAGE);
  return registration;
}

/** Checks the person in within the caller's transaction (a walk-in's); resolves with the registration as it is now. */
export async function checkInWithin(
  client: Queryable,
  jobs: JobQueue,
  target: CheckInTarget,
  by: string,
  now: Date,
  request: CheckInRequest = {},
): Promise<CrmRegistration> {
  const row = await lock(client, target);
  if (row.checked_in_at) return answer(client, target);
  if (row.status === 'cancelled') throw new Conflict(CANCELLED_CHECK_IN_MESSAGE);
  if (row.event_cancelled) throw new Conflict(EVENT_CANCELLED_CHECK_IN_MESSAGE);
  await allowCheckInDay(client, {
    ...target,
    startsAt: new Date(row.starts_at),
    now,
    early: request.early ?? false,
    who: { actorId: by, ip: request.ip ?? null },
  });
  await client.query(
    `UPDATE event_registrations
        SET checked_in_at = $2, checked_in_by = $3, no_show_at = NULL,
            promoted_at = CASE WHEN status = 'waitlisted' THEN $2 ELSE promoted_at END, status = 'registered'
      WHERE id = $1`,
    [target.registrationId, now, by],
  );
  if (row.lead_id && row.no_show_at) await removeEntry(client, row.lead_id, target.eventId, 'no_show');
  await recordOutcome(jobs, client, { leadId: row.lead_id, eventId: target.eventId }, 'attended', by, now);
  return answer(client, target);
}

/** Checks the person in (idempotent); resolves with the registration as it is now. */
export async function checkIn(
  db: Database,
  jobs: JobQueue,
  target: CheckInTarget,
  by: string,
  now: Date,
  request: CheckInRequest = {},
): Promise<CrmRegistration> {
  return db.transaction((client) => checkInWithin(client, jobs, target, by, now, request));
}

/** Takes a check-in back (idempotent); resolves with the registration as it is now. */
export async function undoCheckIn(db: Database, jobs: JobQueue, target: CheckInTarget, now: Date): Promise<CrmRegistration> {
  return db.transaction(async (client) => {
    const row = await lock(client, target);
    if (!row.checked_in_at) return answer(client, target);
    const seatedAtDoor = row.promoted_at !== null && new Date(row.promoted_at).getTime() === new Date(row.checked_in_at).getTime();
    const noShow = row.outcomes_recorded && !seatedAtDoor;
    await client.query(
      `UPDATE event_registrations
          SET checked_in_at = NULL, checked_in_by = NULL,
              status = CASE WHEN $2 THEN 'waitlisted' ELSE status END,
              promoted_at = CASE WHEN $2 THEN NULL ELSE promoted_at END,
              no_show_at = CASE WHEN $3 THEN $4::timestamptz ELSE NULL END
        WHERE id = $1`,
      [target.registrationId, seatedAtDoor, noShow, now],
    );
    if (row.lead_id) await removeEntry(client, row.lead_id, target.eventId, 'attended');
    if (noShow) await recordOutcome(jobs, client, { leadId: row.lead_id, eventId: target.eventId }, 'no_show', null, now);
    return answer(client, target);
  });
}
