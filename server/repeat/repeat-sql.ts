/**
 * The repeat-inquiry pass's one statement per batch (issue 23): it takes the batch's rows still
 * pending (FOR UPDATE SKIP LOCKED), finds each one's lead to join (same e-mail, case ignored) or
 * phone twin (same E.164, another e-mail) among open leads on the partial indexes of migration 024
 * and, for rows of the same batch, among the batch itself (the oldest wins, so a burst joins one
 * lead), then clears the flag, sets `parent_lead_id`, writes the `repeat_inquiry` timeline
 * entries and the possible-duplicate pairs, and returns the rows that joined a lead (their owners
 * get an e-mail). One statement a batch keeps the pass cheap beside intake under load. The
 * lookups order by created_at alone, the order of their indexes: with (created_at, id) a phone
 * shared by thousands of leads was sorted whole for every new lead.
 * $1 ids, $2 their E.164 phones, $3 match window in days, $4 the "need advice" course id, $5 its label.
 */
import { CLOSED_STAGE_MIN } from './open-lead';
import { leadEventsInsertFrom } from '../timeline/lead-events';

const OPEN = (p: string) =>
  `NOT ${p}.repeat_pending AND ${p}.parent_lead_id IS NULL AND ${p}.merged_into IS NULL AND ${p}.stage < ${CLOSED_STAGE_MIN}`;
const WINDOW = (p: string) => `${p}.created_at >= b.created_at - make_interval(days => $3) AND ${p}.created_at <= b.created_at`;
const EARLIER = `(o.created_at, o.id) < (b.created_at, b.id)`;

export const REPEAT_PASS_SQL = /* sql */ `
  WITH input AS (SELECT * FROM unnest($1::char(24)[], $2::text[]) AS i(id, e164)),
  batch AS (
    SELECT l.id, l.email, l.created_at, l.course_id, l.source, l.origin, i.e164
      FROM leads l JOIN input i ON i.id = l.id WHERE l.repeat_pending FOR UPDATE OF l SKIP LOCKED
  ),
  decided AS (
    SELECT b.*,
      coalesce(
        (SELECT p.id FROM leads p WHERE lower(p.email) = lower(b.email) AND ${OPEN('p')} AND p.id <> b.id AND ${WINDOW('p')}
          ORDER BY p.created_at LIMIT 1),
        (SELECT o.id FROM batch o WHERE lower(o.email) = lower(b.email) AND ${EARLIER} ORDER BY o.created_at, o.id LIMIT 1)
      ) AS parent,
      coalesce(
        (SELECT p.id FROM leads p WHERE p.phone_e164 = b.e164 AND lower(p.email) <> lower(b.email) AND ${OPEN('p')}
            AND p.id <> b.id AND ${WINDOW('p')} ORDER BY p.created_at LIMIT 1),
        (SELECT o.id FROM batch o WHERE o.e164 = b.e164 AND lower(o.email) <> lower(b.email) AND ${EARLIER}
          ORDER BY o.created_at, o.id LIMIT 1)
      ) AS twin
    FROM batch b
  ),
  updated AS (
    -- A repeat inquiry is not assigned or enrolled on its own: the lead it joined already is.
    UPDATE leads l SET repeat_pending = false, phone_e164 = d.e164, parent_lead_id = d.parent,
           assign_pending = l.assign_pending AND d.parent IS NULL, sequence_pending = l.sequence_pending AND d.parent IS NULL
      FROM decided d WHERE l.id = d.id
    RETURNING d.*
  ),
  events AS (
    ${leadEventsInsertFrom({
      kind: 'repeat_inquiry',
      leadId: 'u.parent',
      detail: {
        inquiry_id: 'u.id',
        course_id: 'u.course_id',
        course_name: 'CASE WHEN u.course_id = $4 THEN $5 ELSE (SELECT c.course_name FROM courses c WHERE c.id = u.course_id) END',
        origin: 'u.origin',
        source: 'u.source',
      },
      createdAt: 'u.created_at',
      from: 'FROM updated u WHERE u.parent IS NOT NULL',
    })}
  ),
  pairs AS (
    INSERT INTO lead_duplicates (lead_a, lead_b)
    SELECT DISTINCT least(u.id, u.twin), greatest(u.id, u.twin) FROM updated u WHERE u.parent IS NULL AND u.twin IS NOT NULL
    ON CONFLICT DO NOTHING
  )
  SELECT u.id, u.parent, u.course_id, u.origin, u.source FROM updated u WHERE u.parent IS NOT NULL`;
