/**
 * Events on a lead's timeline (issue 24): one lead_events row of kind 'event' per step (registered,
 * waitlisted, promoted, cancelled, event_cancelled, attended, no_show), written in the transaction
 * of the step itself. The row keeps the event's id, title and start as they were at that moment,
 * so the entry reads the same after the event is edited or its registrations are anonymised.
 */
import type { Queryable } from '../db/database';
import type { StaffRef, TimelineEntry } from '../../src/crm-contract';
import type { EventTimelineAction } from '../../src/events-contract';

export const EVENT_TIMELINE_KIND = 'event';

const ACTIONS: readonly EventTimelineAction[] = [
  'registered',
  'waitlisted',
  'promoted',
  'cancelled',
  'event_cancelled',
  'attended',
  'no_show',
  'released',
];

/** Writes the entry; `byUserId` is the staff member who acted (a check-in, a walk-in), null for the person or the system. */
export async function recordEventEntry(
  tx: Queryable,
  leadId: string,
  action: EventTimelineAction,
  eventId: string,
  byUserId: string | null,
): Promise<void> {
  await tx.query(
    `INSERT INTO lead_events (lead_id, kind, actor_id, detail)
     SELECT $1, $2, $3, jsonb_build_object('action', $4::text, 'event_id', e.id::text, 'title', e.title, 'starts_at', e.starts_at)
       FROM events e WHERE e.id = $5`,
    [leadId, EVENT_TIMELINE_KIND, byUserId, action, eventId],
  );
}

const str = (value: unknown) => (typeof value === 'string' ? value : '');

/** The contract's entry for an 'event' row; none for other kinds (server/crm/timeline.ts asks every area). */
export function eventTimelineEntry(kind: string, at: string, by: StaffRef | null, d: Record<string, unknown>): TimelineEntry | null {
  if (kind !== EVENT_TIMELINE_KIND) return null;
  const action = ACTIONS.find((a) => a === d.action);
  if (!action) return null;
  const startsAt = str(d.starts_at);
  return {
    kind: 'event',
    at,
    by,
    action,
    event: { id: str(d.event_id), title: str(d.title), starts_at: startsAt ? new Date(startsAt).toISOString() : at },
  };
}
