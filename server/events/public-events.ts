/** The public reads of events: upcoming (not ended, not cancelled), soonest first; one by id or slug. */
import type { Queryable } from '../db/database';
import type { EventKind, PublicEvent } from '../../src/events-contract';
import { NotFound } from '../domain-errors';
import { eventRows, publicEvent, type EventRow } from './event-rows';
import { isEventId } from './event-schemas';
import { EVENT_NOT_FOUND_MESSAGE } from './event-store';

export interface EventFilters {
  /** A course id: events that cover it, and events for every program (no programs listed). */
  course?: string;
  kind?: EventKind;
}

export async function upcomingEvents(db: Queryable, filters: EventFilters, now = new Date()): Promise<PublicEvent[]> {
  const values: unknown[] = [now];
  const where = ['e.ends_at > $1', 'e.cancelled_at IS NULL'];
  if (filters.course) {
    values.push(filters.course);
    where.push(
      `(EXISTS (SELECT 1 FROM event_courses f WHERE f.event_id = e.id AND f.course_id = $${values.length})
        OR NOT EXISTS (SELECT 1 FROM event_courses f WHERE f.event_id = e.id))`,
    );
  }
  if (filters.kind) {
    values.push(filters.kind);
    where.push(`e.kind = $${values.length}`);
  }
  return (await eventRows(db, where.join(' AND '), values)).map((row) => publicEvent(row, now));
}

/** The event by id (decimal) or slug, or NotFound. */
export async function eventRowOf(db: Queryable, by: { id: string } | { slug: string }): Promise<EventRow> {
  const rows =
    'id' in by ? (isEventId(by.id) ? await eventRows(db, 'e.id = $1', [by.id]) : []) : await eventRows(db, 'e.slug = $1', [by.slug]);
  const row = rows[0];
  if (!row) throw new NotFound(EVENT_NOT_FOUND_MESSAGE);
  return row;
}
