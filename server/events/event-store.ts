/**
 * Events as the CRM edits them (issue 24): create, save naming the version read (409 when someone
 * saved meanwhile), cancel; a start in the past only when confirmed (event-past-date.ts). Each write runs in one transaction with its audit entry; a save that
 * frees seats (a larger capacity) promotes from the waitlist; a cancellation tells every live
 * registrant by mail and on their lead's timeline (registrations keep their status, the event
 * carries the cancellation).
 */
import type { Queryable } from '../db/database';
import type { CrmEvent } from '../../src/events-contract';
import { Conflict, invalidField, NotFound } from '../domain-errors';
import { recordAudit, type AuditWho } from '../audit/audit-log';
import { isUniqueViolation } from '../catalogue-edit';
import { crmEvent, eventRowById, eventRows, type EventRow } from './event-rows';
import { EVENT_MESSAGES, isEventId, type ValidEventInput } from './event-schemas';
import { freeSlug } from './event-slug';
import { promoteWaitlisted } from './waitlist';
import { recordEventEntry } from './event-timeline';
import { queueEventMail, type EventMailContext } from './event-mails';
import { checkStartNotPast } from './event-past-date';

export const EVENT_NOT_FOUND_MESSAGE = 'There is no event with this id. It may have been removed.';
export const EVENT_CONFLICT_MESSAGE =
  'Someone else saved this event while you were editing it. Reload it to see their change, then save again.';

type Tx = Queryable;

async function checkCourses(tx: Tx, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  const { rows } = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM courses WHERE id = ANY($1::char(24)[])', [ids]);
  if (rows[0]?.n !== ids.length) throw invalidField('course_ids', EVENT_MESSAGES.courseMissing);
}

const placeValues = (input: ValidEventInput) =>
  input.place.kind === 'campus' ? ['campus', input.place.room, null] : ['online', null, input.place.url];

/** The editable columns' values, in the order INSERT and UPDATE list them (title … updated_by). */
const editableValues = (input: ValidEventInput, actorId: string | null) => [
  input.title,
  input.kind,
  input.starts_at,
  input.ends_at,
  ...placeValues(input),
  input.capacity,
  input.description,
  input.registration_open,
  actorId,
];

async function setCourses(tx: Tx, eventId: string, ids: readonly string[]): Promise<void> {
  await tx.query('DELETE FROM event_courses WHERE event_id = $1', [eventId]);
  if (ids.length > 0) {
    await tx.query('INSERT INTO event_courses (event_id, course_id) SELECT $1, unnest($2::char(24)[])', [eventId, ids]);
  }
}

async function mustFind(tx: Tx, id: string): Promise<EventRow> {
  const row = isEventId(id) ? await eventRowById(tx, id) : null;
  if (!row) throw new NotFound(EVENT_NOT_FOUND_MESSAGE);
  return row;
}

/** Every event, newest start first (the CRM's list; a college holds a few hundred a year). */
export async function listCrmEvents(db: Queryable): Promise<CrmEvent[]> {
  return (await eventRows(db, 'true', [], 'e.starts_at DESC, e.id DESC')).map(crmEvent);
}

export async function findCrmEvent(db: Queryable, id: string): Promise<CrmEvent> {
  return crmEvent(await mustFind(db, id));
}

/** What an audit entry says about the event: its identity and the fields as saved. */
const auditDetails = (row: EventRow) => ({ event_id: row.id, title: row.title, starts_at: row.starts_at.toISOString() });

export async function createEvent(tx: Tx, input: ValidEventInput, who: AuditWho, now: Date): Promise<CrmEvent> {
  checkStartNotPast({ startsAt: input.starts_at, now, confirmed: input.confirm_past_date });
  await checkCourses(tx, input.course_ids);
  const slug = await freeSlug(tx, input.title, new Date(input.starts_at));
  let id: string;
  try {
    const { rows } = await tx.query<{ id: string }>(
      `INSERT INTO events (slug, title, kind, starts_at, ends_at, place_kind, room, online_url, capacity, description, registration_open, updated_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id::text AS id`,
      [slug, ...editableValues(input, who.actorId)],
    );
    id = rows[0]!.id;
  } catch (error) {
    // Two editors creating the same title on the same day at once: the second tries again.
    if (isUniqueViolation(error)) throw new Conflict('Another event with this title and date was just created. Please save again.');
    throw error;
  }
  await setCourses(tx, id, input.course_ids);
  const row = await mustFind(tx, id);
  await recordAudit(tx, { ...who, action: 'event.created', details: { ...auditDetails(row), slug, capacity: row.capacity } });
  return crmEvent(row);
}

/** The fields a save changed, by name (for the audit entry). */
function changedFields(before: CrmEvent, input: ValidEventInput): string[] {
  const { confirm_past_date: _confirmation, ...after }: Record<string, unknown> = { ...input };
  return Object.keys(after).filter((key) => JSON.stringify(after[key]) !== JSON.stringify(before[key as keyof CrmEvent]));
}

export async function updateEvent(
  tx: Tx,
  ctx: EventMailContext,
  id: string,
  version: number,
  input: ValidEventInput,
  who: AuditWho,
  now: Date,
): Promise<CrmEvent> {
  if (!isEventId(id)) throw new NotFound(EVENT_NOT_FOUND_MESSAGE);
  const locked = await tx.query<{ version: number }>('SELECT version FROM events WHERE id = $1 FOR UPDATE', [id]);
  const current = locked.rows[0];
  if (!current) throw new NotFound(EVENT_NOT_FOUND_MESSAGE);
  if (current.version !== version) throw new Conflict(EVENT_CONFLICT_MESSAGE, { version: current.version });
  const before = crmEvent(await mustFind(tx, id));
  checkStartNotPast({ startsAt: input.starts_at, now, confirmed: input.confirm_past_date, previous: before.starts_at });
  await checkCourses(tx, input.course_ids);
  await tx.query(
    `UPDATE events SET title = $2, kind = $3, starts_at = $4, ends_at = $5, place_kind = $6, room = $7, online_url = $8,
            capacity = $9, description = $10, registration_open = $11, updated_by = $12, updated_at = now(), version = version + 1
      WHERE id = $1`,
    [id, ...editableValues(input, who.actorId)],
  );
  await setCourses(tx, id, input.course_ids);
  // More seats (or fewer registered) than before: the waitlist moves up at once.
  const promoted = await promoteWaitlisted(tx, ctx, id);
  const row = await mustFind(tx, id);
  await recordAudit(tx, {
    ...who,
    action: 'event.changed',
    details: { ...auditDetails(row), fields: changedFields(before, input), promoted: promoted.length },
  });
  return crmEvent(row);
}

/** Cancels the event (again: answers it as it is) and tells every registered and waitlisted person. */
export async function cancelEvent(tx: Tx, ctx: EventMailContext, id: string, who: AuditWho): Promise<CrmEvent> {
  if (!isEventId(id)) throw new NotFound(EVENT_NOT_FOUND_MESSAGE);
  const locked = await tx.query<{ cancelled: boolean }>(
    'SELECT cancelled_at IS NOT NULL AS cancelled FROM events WHERE id = $1 FOR UPDATE',
    [id],
  );
  if (!locked.rows[0]) throw new NotFound(EVENT_NOT_FOUND_MESSAGE);
  if (locked.rows[0].cancelled) return crmEvent(await mustFind(tx, id));
  await tx.query('UPDATE events SET cancelled_at = now(), version = version + 1, updated_by = $2, updated_at = now() WHERE id = $1', [
    id,
    who.actorId,
  ]);
  const live = await tx.query<{ id: string; lead_id: string | null }>(
    `SELECT id::text AS id, trim(lead_id) AS lead_id FROM event_registrations WHERE event_id = $1 AND status <> 'cancelled' ORDER BY id`,
    [id],
  );
  for (const registration of live.rows) {
    if (registration.lead_id) await recordEventEntry(tx, registration.lead_id, 'event_cancelled', id, who.actorId);
    await queueEventMail(tx, 'event_cancelled', registration.id, ctx);
  }
  const row = await mustFind(tx, id);
  await recordAudit(tx, { ...who, action: 'event.cancelled', details: { ...auditDetails(row), told: live.rows.length } });
  return crmEvent(row);
}
