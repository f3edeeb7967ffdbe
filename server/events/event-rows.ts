/**
 * Reading events: one SELECT with the programs and the seat counts, mapped to the public shape
 * (PublicEvent, never the online link) or the CRM's (CrmEvent, everything). Availability is
 * decided here, once, for the site, the registration answer and the mails.
 */
import type { Queryable } from '../db/database';
import type { CrmEvent, EventKind, PublicEvent } from '../../src/events-contract';
import { formatAddress } from '../../src/college';

export interface EventRow {
  id: string;
  slug: string;
  title: string;
  kind: EventKind;
  starts_at: Date;
  ends_at: Date;
  place_kind: 'campus' | 'online';
  room: string | null;
  online_url: string | null;
  capacity: number;
  description: string;
  registration_open: boolean;
  cancelled_at: Date | null;
  version: number;
  registered: number;
  waitlisted: number;
  checked_in: number;
  cancelled: number;
  courses: { _id: string; course_name: string; slug: string | null }[];
}

/** `e` is the events row; the counts and programs are subqueries (an event has few of each). */
export const EVENT_SELECT = /* sql */ `
  SELECT e.id::text AS id, e.slug, e.title, e.kind, e.starts_at, e.ends_at, e.place_kind, e.room, e.online_url,
         e.capacity, e.description, e.registration_open, e.cancelled_at, e.version,
         c.registered, c.waitlisted, c.checked_in, c.cancelled,
         coalesce((SELECT json_agg(json_build_object('_id', trim(co.id), 'course_name', co.course_name,
                                                     'slug', CASE WHEN co.status = 1 THEN co.slug END) ORDER BY co.course_name, co.id)
                     FROM event_courses ec JOIN courses co ON co.id = ec.course_id WHERE ec.event_id = e.id), '[]'::json) AS courses
    FROM events e
    CROSS JOIN LATERAL (
      SELECT count(*) FILTER (WHERE r.status = 'registered')::int AS registered,
             count(*) FILTER (WHERE r.status = 'waitlisted')::int AS waitlisted,
             count(*) FILTER (WHERE r.status <> 'cancelled' AND r.checked_in_at IS NOT NULL)::int AS checked_in,
             count(*) FILTER (WHERE r.status = 'cancelled')::int AS cancelled
        FROM event_registrations r WHERE r.event_id = e.id) c`;

/** Dates as Date whatever the driver gave (PGlite and pg agree today; this keeps it so). */
export function normalised<R extends EventRow>(row: R): R {
  return {
    ...row,
    starts_at: new Date(row.starts_at),
    ends_at: new Date(row.ends_at),
    cancelled_at: row.cancelled_at ? new Date(row.cancelled_at) : null,
  };
}

/** Events matching `where` (over `e`, with its own parameters), in `order`. */
export async function eventRows(db: Queryable, where: string, values: unknown[], order = 'e.starts_at, e.id'): Promise<EventRow[]> {
  const { rows } = await db.query<EventRow>(`${EVENT_SELECT} WHERE ${where} ORDER BY ${order}`, values);
  return rows.map(normalised);
}

export async function eventRowById(db: Queryable, id: string): Promise<EventRow | null> {
  return (await eventRows(db, 'e.id = $1', [id]))[0] ?? null;
}

/** Why a person cannot register now, or null when they can. Started events refuse (decisions.md). */
export function availabilityOf(row: EventRow, now: Date): PublicEvent['availability'] {
  if (row.cancelled_at) return 'cancelled';
  if (row.starts_at.getTime() <= now.getTime()) return 'past';
  if (!row.registration_open) return 'closed';
  return row.registered >= row.capacity ? 'full' : 'open';
}

/** What both views of an event carry. */
const shared = (row: EventRow) => ({
  id: row.id,
  slug: row.slug,
  title: row.title,
  kind: row.kind,
  starts_at: row.starts_at.toISOString(),
  ends_at: row.ends_at.toISOString(),
  description: row.description,
});

export function publicEvent(row: EventRow, now: Date): PublicEvent {
  return {
    ...shared(row),
    place: row.place_kind === 'campus' ? { kind: 'campus', room: row.room ?? '', address: formatAddress() } : { kind: 'online' },
    courses: row.courses,
    availability: availabilityOf(row, now),
    seats_left: Math.max(0, row.capacity - row.registered),
  };
}

export function crmEvent(row: EventRow): CrmEvent {
  return {
    ...shared(row),
    place: row.place_kind === 'campus' ? { kind: 'campus', room: row.room ?? '' } : { kind: 'online', url: row.online_url ?? '' },
    capacity: row.capacity,
    course_ids: row.courses.map((c) => c._id),
    registration_open: row.registration_open,
    cancelled_at: row.cancelled_at ? row.cancelled_at.toISOString() : null,
    version: row.version,
    counts: { registered: row.registered, waitlisted: row.waitlisted, checked_in: row.checked_in, cancelled: row.cancelled },
  };
}
