/**
 * Taking a seat (or a place on the waitlist) in ONE statement, run right after the event row's
 * lock (a statement of its own: this one's snapshot is then taken after the lock was granted, so its
 * count sees every registration committed before). The statement inserts the registration, its
 * timeline entry (as event-timeline.ts writes it) and the mail for the status it got (both mails are
 * rendered before the lock and passed in; the row is what server/mail/mail-queue.ts queueMail
 * writes). One round trip under the lock instead of five: under the lock, registrations take turns,
 * and 200 at once must finish within 5 s (issue 24).
 *
 * $1 id, $2 event id, $3 lead id, $4 first name, $5 last name, $6 e-mail, $7 phone, $8 course id,
 * $9 walk-in, $10 token hash, $11 now, $12 staff id (walk-in) or null, $13 whether to mail,
 * $14/$15/$16/$17 the seat mail's subject, text, html, envelope; $18/$19/$20/$21 the waitlist mail's;
 * $22 the mailbox key (hex), $23 when the hold ends (null: the address is confirmed, or staff
 * registered them), $24 until when the mails' bodies stay sealed (null: they carry no link).
 * A held place's mail goes only if the mailbox's daily registration mail is free (mail-cap.ts).
 */
import { MAIL_CAP_HOURS } from './mail-cap';
import { mailInsertFrom } from '../mail/mail-queue';
import { EVENT_TIMELINE_KIND, eventDetailColumns } from './event-timeline';
import { leadEventsInsertFrom } from '../timeline/lead-events';

export const TAKE_SEAT_SQL = /* sql */ `
  WITH counts AS (
    SELECT count(*) FILTER (WHERE status = 'registered')::int AS registered,
           count(*) FILTER (WHERE status = 'waitlisted')::int AS waitlisted
      FROM event_registrations WHERE event_id = $2
  ), registration AS (
    INSERT INTO event_registrations (id, event_id, lead_id, first_name, last_name, email, phone, course_id, status, walk_in,
                                     token_hash, registered_at, queued_at, email_key, confirm_by)
    SELECT $1, e.id, $3, $4, $5, $6, $7, $8,
           CASE WHEN $9::boolean OR c.registered < e.capacity THEN 'registered' ELSE 'waitlisted' END, $9, $10, $11, $11, $22, $23
      FROM counts c, events e WHERE e.id = $2
    ON CONFLICT (event_id, email_key) WHERE status <> 'cancelled' DO NOTHING
    RETURNING status
  ), entry AS (
    ${leadEventsInsertFrom({
      kind: EVENT_TIMELINE_KIND,
      leadId: '$3',
      actorId: '$12',
      detail: eventDetailColumns('r.status', 'e'),
      from: 'FROM registration r, events e WHERE e.id = $2',
    })}
  ), cap AS (
    INSERT INTO registration_mail_caps AS m (address_hash, sent_at)
    SELECT decode($22, 'hex'), $11 FROM registration r WHERE $13::boolean AND $23::timestamptz IS NOT NULL
    ON CONFLICT (address_hash) DO UPDATE SET sent_at = excluded.sent_at
     WHERE m.sent_at <= excluded.sent_at - make_interval(hours => ${MAIL_CAP_HOURS})
    RETURNING 1
  ), mail AS (
    ${mailInsertFrom(`SELECT $6, CASE WHEN r.status = 'registered' THEN $14 ELSE $18 END, CASE WHEN r.status = 'registered' THEN $15 ELSE $19 END,
           CASE WHEN r.status = 'registered' THEN $16 ELSE $20 END, $24::timestamptz,
           CASE WHEN r.status = 'registered' THEN $17::jsonb ELSE $21::jsonb END
      FROM registration r WHERE $13::boolean AND ($23::timestamptz IS NULL OR EXISTS (SELECT 1 FROM cap))`)}
    RETURNING 1
  )
  SELECT r.status, c.registered AS registered_before, c.waitlisted AS waitlisted_before, EXISTS (SELECT 1 FROM mail) AS mailed
    FROM registration r, counts c`;
