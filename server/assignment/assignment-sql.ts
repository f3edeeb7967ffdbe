/**
 * The assignment pass's statements (server/assignment/assignment-pass.ts). Everything a batch
 * writes is one statement (WRITE_SQL): on the embedded database every request waits while the
 * pass holds its one connection, so the pass makes as few round trips as it can.
 */
import { leadEventsInsertFrom } from '../timeline/lead-events';

export const ASSIGNMENT_DETAIL = 'assignment rule';

export const PENDING_SQL = /* sql */ `
  SELECT l.id, l.first_name, l.last_name, l.course_id, l.course_type, l.location, l.owner_id, l.created_at,
         EXISTS (SELECT 1 FROM lead_events e WHERE e.lead_id = l.id AND e.kind = 'owner') AS touched
    FROM leads l WHERE l.assign_pending AND NOT l.repeat_pending ORDER BY l.created_at LIMIT $1 FOR UPDATE OF l SKIP LOCKED`;

/** The enabled rules, locked (in one order, so passes queue behind each other), with the speed-to-lead hours. */
export const RULES_SQL = /* sql */ `
  SELECT id::text, name, course_type, location, cap, member_ids, last_user_id
    FROM assignment_rules WHERE enabled ORDER BY position, id FOR UPDATE`;

/**
 * Members who may receive leads (active, password set) and their open New Lead leads, counted up
 * to the largest cap ($2; 0 when no rule has one): enough to compare with any cap, and a member
 * holding thousands of leads costs no more than the cap.
 */
export const ELIGIBLE_SQL = /* sql */ `
  SELECT u.id, u.email,
         (SELECT count(*) FROM (SELECT 1 FROM leads l WHERE l.owner_id = u.id AND l.stage = 1 AND l.status = 1 LIMIT $2) o)::int AS open
    FROM users u WHERE u.status = 1 AND u.password_set AND u.id = ANY($1::char(24)[])`;

/**
 * For the whole batch ($1 every lead, $2 its chosen owner or null, $3 the rule's name, $4 the
 * task's id, $5 its due time, $6 its notes; $7/$8 each rule's new place): clears the pending
 * flags and starts watching each lead for first contact, sets the owners, writes the timeline's
 * owner entries (no actor), the owners' first-contact tasks (My work lists activities) with their
 * entries, and the round robin's places.
 */
export const WRITE_SQL = /* sql */ `
  WITH a AS (
    SELECT * FROM unnest($1::char(24)[], $2::char(24)[], $3::text[], $4::char(24)[], $5::timestamptz[], $6::text[])
             AS a(id, owner, rule, task_id, due_at, notes)
  ), applied AS (
    UPDATE leads l SET assign_pending = false, contact_watch = true,
           owner_id = COALESCE(a.owner, l.owner_id),
           version = l.version + CASE WHEN a.owner IS NULL THEN 0 ELSE 1 END,
           updated_at = CASE WHEN a.owner IS NULL THEN l.updated_at ELSE now() END
      FROM a WHERE l.id = a.id
  ), owner_events AS (
    ${leadEventsInsertFrom({
      kind: 'owner',
      leadId: 'a.id',
      detail: { from: 'NULL', to: 'a.owner', by: `'${ASSIGNMENT_DETAIL}'`, rule: 'a.rule' },
      from: 'FROM a WHERE a.owner IS NOT NULL',
    })}
  ), tasks AS (
    INSERT INTO activities (id, lead_id, type, subject, notes, due_at, owner_id, created_by)
    SELECT a.task_id, a.id, 4, 'First contact with this new lead', a.notes, a.due_at, a.owner, a.owner
      FROM a WHERE a.owner IS NOT NULL
    RETURNING id, lead_id
  ), task_events AS (
    ${leadEventsInsertFrom({ kind: 'activity', leadId: 'lead_id', detail: { activity_id: 'id' }, from: 'FROM tasks' })}
  )
  UPDATE assignment_rules r SET last_user_id = p.last FROM unnest($7::bigint[], $8::char(24)[]) AS p(id, last) WHERE r.id = p.id`;
