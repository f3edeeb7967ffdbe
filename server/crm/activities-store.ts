/**
 * Activities (follow-ups on a lead): logging, listing by owner and due filter (college days in
 * America/Toronto), changing and marking done with a version check. Logging and marking done are
 * written to the lead's history in the same transaction.
 */
import type { Database, Queryable } from '../db/database';
import type { Activity, ActivityCounts } from '../../src/crm-contract';
import type { ActivityTypeId } from '../../src/lookups';
import { DUE_FILTERS } from '../../src/lookups';
import { dueRange, torontoDayStart } from '../../src/college-time';
import { Conflict, Forbidden } from '../domain-errors';
import { newId } from '../auth/tokens';
import { requireActiveStaff } from '../staff/staff-store';
import type { ActivityChange, ActivityQuery, NewActivity } from './activity-input';
import { sqlConditions } from '../db/sql-conditions';
import { recordLeadEvent } from '../timeline/lead-events';

export const ACTIVITY_NOT_FOUND_MESSAGE = 'There is no activity with this id. It may have been removed.';
export const ACTIVITY_CONFLICT_MESSAGE =
  'Someone else changed this activity while you were looking at it. Reload to see their change, then try again.';
export const NOT_YOUR_ACTIVITY_MESSAGE =
  'This activity belongs to another staff member: only its owner or an admin can change it. You can add a note to the lead instead.';
/** Lists are for a person's to-do: the nearest first, at most this many. */
export const ACTIVITY_LIST_MAX = 200;

const ACTIVITY_COLUMNS = `a.id, a.lead_id, a.type, a.subject, a.notes, a.due_at, a.done_at, a.created_at, a.version,
  l.first_name || ' ' || l.last_name AS lead_name,
  a.owner_id, ow.name AS owner_name, a.done_by, db.name AS done_by_name, a.created_by, cb.name AS created_by_name`;
const ACTIVITY_FROM = `activities a JOIN leads l ON l.id = a.lead_id JOIN users ow ON ow.id = a.owner_id
  JOIN users cb ON cb.id = a.created_by LEFT JOIN users db ON db.id = a.done_by`;

interface ActivityRow {
  id: string;
  lead_id: string;
  type: number;
  subject: string;
  notes: string;
  due_at: Date;
  done_at: Date | null;
  created_at: Date;
  version: number;
  lead_name: string;
  owner_id: string;
  owner_name: string;
  done_by: string | null;
  done_by_name: string | null;
  created_by: string;
  created_by_name: string;
}

const iso = (date: Date) => new Date(date).toISOString();

function toActivity(row: ActivityRow): Activity {
  return {
    _id: row.id.trim(),
    lead_id: row.lead_id.trim(),
    lead_name: row.lead_name.trim(),
    type: row.type as ActivityTypeId,
    subject: row.subject,
    notes: row.notes,
    due_at: iso(row.due_at),
    owner: { _id: row.owner_id.trim(), name: row.owner_name },
    done: row.done_at !== null,
    done_at: row.done_at ? iso(row.done_at) : null,
    done_by: row.done_by ? { _id: row.done_by.trim(), name: row.done_by_name ?? '' } : null,
    created_by: { _id: row.created_by.trim(), name: row.created_by_name },
    created_at: iso(row.created_at),
    version: row.version,
  };
}

export async function findActivity(db: Queryable, id: string): Promise<Activity | null> {
  if (!/^[0-9a-f]{24}$/.test(id)) return null;
  const { rows } = await db.query<ActivityRow>(`SELECT ${ACTIVITY_COLUMNS} FROM ${ACTIVITY_FROM} WHERE a.id = $1`, [id]);
  return rows[0] ? toActivity(rows[0]) : null;
}

export async function activitiesOfLead(db: Queryable, leadId: string): Promise<Activity[]> {
  const { rows } = await db.query<ActivityRow>(
    `SELECT ${ACTIVITY_COLUMNS} FROM ${ACTIVITY_FROM} WHERE a.lead_id = $1 ORDER BY a.created_at, a.id`,
    [leadId],
  );
  return rows.map(toActivity);
}

/** Logs an activity on a lead; null when there is no such lead. */
export async function createActivity(db: Database, leadId: string, actorId: string, input: NewActivity): Promise<Activity | null> {
  if (!/^[0-9a-f]{24}$/.test(leadId)) return null;
  const owner = await requireActiveStaff(db.pool, input.owner_id);
  const id = newId();
  const created = await db.transaction(async (client) => {
    const { rowCount } = await client.query(
      `INSERT INTO activities (id, lead_id, type, subject, notes, due_at, owner_id, created_by)
       SELECT $1, l.id, $3, $4, $5, $6, $7, $8 FROM leads l WHERE l.id = $2`,
      [id, leadId, input.type, input.subject, input.notes ?? '', input.due_at, owner._id, actorId],
    );
    if (rowCount !== 1) return false;
    await recordLeadEvent(client, { kind: 'activity', leadId, actorId, detail: { activity_id: id } });
    return true;
  });
  return created ? findActivity(db.pool, id) : null;
}

/**
 * Changes an activity (fields, or done); null when unknown; Conflict on a stale version.
 * Only its owner or an admin may (403 otherwise; issue 21: admin only, no consent mechanism).
 */
export async function changeActivity(
  db: Database,
  id: string,
  actorId: string,
  change: ActivityChange,
  actorIsAdmin = false,
): Promise<Activity | null> {
  if (!/^[0-9a-f]{24}$/.test(id)) return null;
  const owner = change.owner_id !== undefined ? await requireActiveStaff(db.pool, change.owner_id) : null;
  const found = await db.transaction(async (client) => {
    const { rows } = await client.query<{ lead_id: string; subject: string; done_at: Date | null; version: number; owner_id: string }>(
      'SELECT lead_id, subject, done_at, version, owner_id FROM activities WHERE id = $1 FOR UPDATE',
      [id],
    );
    const current = rows[0];
    if (!current) return false;
    if (!actorIsAdmin && current.owner_id.trim() !== actorId) throw new Forbidden(NOT_YOUR_ACTIVITY_MESSAGE);
    if (current.version !== change.version) throw new Conflict(ACTIVITY_CONFLICT_MESSAGE, { version: current.version });
    const doneChanges = change.done !== undefined && change.done !== (current.done_at !== null);
    await client.query(
      `UPDATE activities SET
         type = COALESCE($2, type), subject = COALESCE($3, subject), notes = COALESCE($4, notes),
         due_at = COALESCE($5, due_at), owner_id = COALESCE($6, owner_id),
         done_at = CASE WHEN $7::boolean IS NULL THEN done_at WHEN $7 THEN COALESCE(done_at, now()) ELSE NULL END,
         done_by = CASE WHEN $7::boolean IS NULL THEN done_by WHEN $7 THEN COALESCE(done_by, $8) ELSE NULL END,
         version = version + 1, updated_at = now()
       WHERE id = $1`,
      [
        id,
        change.type ?? null,
        change.subject ?? null,
        change.notes ?? null,
        change.due_at ?? null,
        owner?._id ?? null,
        doneChanges ? change.done : null,
        actorId,
      ],
    );
    if (doneChanges) {
      await recordLeadEvent(client, {
        kind: 'activity_done',
        leadId: current.lead_id,
        actorId,
        // doneChanges: change.done is set.
        detail: { activity_id: id, subject: change.subject ?? current.subject, done: change.done === true },
      });
    }
    return true;
  });
  return found ? findActivity(db.pool, id) : null;
}

/** The to-do list: one owner's (or everyone's) activities in a due range, nearest first. */
export async function listActivities(db: Queryable, query: ActivityQuery, meId: string, now = new Date()): Promise<Activity[]> {
  const params: unknown[] = [];
  const { conditions: where, add } = sqlConditions(params);
  if (query.owner !== 'all') add((p) => `a.owner_id = ${p}`, query.owner === 'me' ? meId : query.owner);
  if (query.state === 'open') where.push('a.done_at IS NULL');
  if (query.state === 'done') where.push('a.done_at IS NOT NULL');
  const filter = DUE_FILTERS.find((f) => f.id === query.due);
  if (filter) {
    const range = dueRange(filter, now);
    if (range.openOnly) where.push('a.done_at IS NULL');
    if (range.from) add((p) => `a.due_at >= ${p}`, range.from);
    add((p) => `a.due_at < ${p}`, range.to);
  }
  const { rows } = await db.query<ActivityRow>(
    `SELECT ${ACTIVITY_COLUMNS} FROM ${ACTIVITY_FROM} ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
      ORDER BY a.due_at, a.id LIMIT ${ACTIVITY_LIST_MAX}`,
    params,
  );
  return rows.map(toActivity);
}

/** Open activities of an owner (or all) due before now, and due today in Toronto. */
export async function activityCounts(db: Queryable, ownerId: string | null, now = new Date()): Promise<ActivityCounts> {
  const { rows } = await db.query<{ overdue: string; due_today: string }>(
    `SELECT count(*) FILTER (WHERE due_at < $1) AS overdue,
            count(*) FILTER (WHERE due_at >= $2 AND due_at < $3) AS due_today
       FROM activities WHERE done_at IS NULL AND ($4::char(24) IS NULL OR owner_id = $4)`,
    [now, torontoDayStart(now), torontoDayStart(now, 1), ownerId],
  );
  return { overdue: Number(rows[0]?.overdue ?? 0), due_today: Number(rows[0]?.due_today ?? 0) };
}
