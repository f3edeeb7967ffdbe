/**
 * Events on a lead's timeline (issue 24): one lead_events row of kind 'event' per step (registered,
 * waitlisted, promoted, cancelled, event_cancelled, attended, no_show, released), written in the
 * transaction of the step itself. The row keeps the event's id, title and start as they were at
 * that moment, so the entry reads the same after the event is edited or its registrations are
 * anonymised. The detail is read from the events row in SQL, here and in seat-sql.ts alike.
 */
import type { Queryable } from '../db/database';
import { EVENT_TIMELINE_ACTIONS, type EventTimelineAction } from '../../src/event-kinds';
import { leadEventsInsertFrom, type DetailColumns, type LeadEventKind } from '../timeline/lead-events';
import { str, type Renderer } from '../timeline/renderer';

export const EVENT_TIMELINE_KIND = 'event' satisfies LeadEventKind;

/** The entry's detail: `action` (a SQL expression) and the event row `e` as it is now. */
export function eventDetailColumns(action: string, e: string): DetailColumns<'event'> {
  return { action, event_id: `${e}.id::text`, title: `${e}.title`, starts_at: `${e}.starts_at` };
}

const RECORD_SQL = leadEventsInsertFrom({
  kind: EVENT_TIMELINE_KIND,
  leadId: '$1',
  actorId: '$2',
  detail: eventDetailColumns('$3::text', 'e'),
  from: 'FROM events e WHERE e.id = $4',
});

/** Writes the entry; `byUserId` is the staff member who acted (a check-in, a walk-in), null for the person or the system. */
export async function recordEventEntry(
  tx: Queryable,
  leadId: string,
  action: EventTimelineAction,
  eventId: string,
  byUserId: string | null,
): Promise<void> {
  await tx.query(RECORD_SQL, [leadId, byUserId, action, eventId]);
}

/** The contract's entry for an 'event' row (server/timeline/render.ts); none for an action it does not know. */
export const eventEntry: Renderer<'event'> = ({ at, by, detail: d }) => {
  const action = EVENT_TIMELINE_ACTIONS.find((a): a is EventTimelineAction => a === d.action);
  if (!action) return null;
  const startsAt = str(d.starts_at);
  return {
    kind: 'event',
    at,
    by,
    action,
    event: { id: str(d.event_id), title: str(d.title), starts_at: startsAt ? new Date(startsAt).toISOString() : at },
  };
};
