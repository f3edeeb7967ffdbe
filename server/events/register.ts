/**
 * Registering for an event (issue 24), the one core the public route and the CRM's walk-ins share.
 * In ONE transaction: the event row is locked (SELECT … FOR UPDATE), so registrations for one
 * event take turns and the last seat goes to exactly one of two people; the same e-mail already
 * live for the event answers that registration (no second seat); otherwise the person's lead is
 * joined or created (event-lead.ts), the registration is inserted 'registered' while seats are
 * left, else 'waitlisted', and its timeline entry and mail are written in the same transaction.
 */
import type { AppContext } from '../context';
import type { Queryable } from '../db/database';
import type { RegistrationAnswer, RegistrationStatus } from '../../src/events-contract';
import { eventPaths } from '../../src/events-contract';
import { Conflict, NotFound } from '../domain-errors';
import { consentPageUrl, linkTokens } from '../consent';
import { recipientKey } from '../leads';
import { MAIL_HTML_CONTEXT, MAIL_TEXT_CONTEXT } from '../mail/mail-queue';
import { holdUntil } from './seat-holds';
import { EVENT_SELECT, eventRowById, normalised, publicEvent, type EventRow } from './event-rows';
import { isEventId } from './event-schemas';
import { EVENT_NOT_FOUND_MESSAGE } from './event-store';
import { newLeadFor, openLeadSubquery } from './event-lead';
import { recordEventEntry } from './event-timeline';
import { eventMailMessage } from './event-mails';
import { TAKE_SEAT_SQL } from './seat-sql';
import { inEventTurn } from './event-turns';
import type { MailMessage } from '../mail/mailer';
import { registrationToken, tokenHash } from './registration-token';
import { waitlistPosition } from './registration-rows';
import type { ValidRegistration } from './registration-input';
import { answerMessage } from './registration-answer';

export type RegistrationContext = Pick<AppContext, 'db' | 'config' | 'secrets' | 'mailer' | 'catalogue' | 'leadLife'>;

export interface RegisterOptions {
  /** Staff registering someone at the door: no started/closed check, a seat even over capacity, no mail. */
  walkIn?: boolean;
  /** The staff member who registered them (walk-ins), for the timeline entry. */
  by?: string | null;
  /** The embedding page's origin (server/repeat/request-origin.ts), kept on a new lead. */
  origin?: string | null;
  now?: Date;
}

export interface RegisterResult {
  /** False when the e-mail already held a live registration for the event (the answer is that one). */
  created: boolean;
  registrationId: string;
  leadId: string | null;
  status: RegistrationStatus;
  answer: RegistrationAnswer;
}

export const EVENT_CANCELLED_MESSAGE = 'This event has been cancelled, so registration is closed. Please choose another event.';
export const EVENT_PAST_MESSAGE =
  'This event has already started or taken place, so registration is closed. Please choose an upcoming event.';
export const EVENT_CLOSED_MESSAGE = 'Registration for this event is closed. Please choose another event or contact admissions.';

/** Refuses what cannot be registered for now, with a sentence for the person. */
function checkOpen(event: Pick<EventRow, 'cancelled_at' | 'starts_at' | 'registration_open'>, now: Date, walkIn: boolean): void {
  if (event.cancelled_at) throw new Conflict(EVENT_CANCELLED_MESSAGE);
  if (walkIn) return;
  if (event.starts_at.getTime() <= now.getTime()) throw new Conflict(EVENT_PAST_MESSAGE);
  if (!event.registration_open) throw new Conflict(EVENT_CLOSED_MESSAGE);
}

/** The same e-mail registered for the event meanwhile (the unique index said so): the transaction is run again. */
class SameEmailMeanwhile extends Error {}

interface Existing {
  id: string;
  status: RegistrationStatus;
  lead_id: string | null;
  confirm_by: string | null;
}

/**
 * Everything registration reads before the lock, in one round trip: the event, a live registration
 * of this e-mail, the person's open lead, and the new registration's id (its cancel token is made
 * from it, and only the token's hash is stored). $1 event id, $2 e-mail, $3 now, $4 match days.
 */
const FACTS_SQL = /* sql */ `
  SELECT x.*, nextval(pg_get_serial_sequence('event_registrations', 'id'))::text AS next_id,
         (SELECT json_build_object('id', r.id::text, 'status', r.status, 'lead_id', trim(r.lead_id), 'confirm_by', r.confirm_by)
            FROM event_registrations r
           WHERE r.event_id = x.id::bigint AND r.email_key = $5 AND r.status <> 'cancelled') AS existing,
         ${openLeadSubquery('$2', '$3', '$4')} AS open_lead,
         EXISTS (SELECT 1 FROM confirmed_addresses a WHERE a.address_hash = decode($5, 'hex')) AS confirmed
    FROM (${EVENT_SELECT} WHERE e.id = $1) x`;

type Facts = EventRow & { next_id: string; existing: Existing | null; open_lead: string | null; confirmed: boolean };

/** The live registration of this e-mail, answered as it is (a walk-in on the waitlist gets a seat). */
async function answerExisting(
  tx: Queryable,
  event: EventRow,
  found: Existing,
  person: ValidRegistration,
  options: RegisterOptions,
  now: Date,
): Promise<RegisterResult> {
  let status = found.status;
  if (options.walkIn && status === 'waitlisted') {
    await tx.query('SELECT id FROM events WHERE id = $1 FOR UPDATE', [event.id]);
    await tx.query(`UPDATE event_registrations SET status = 'registered', promoted_at = $2 WHERE id = $1`, [found.id, now]);
    if (found.lead_id) await recordEventEntry(tx, found.lead_id, 'promoted', event.id, options.by ?? null);
    status = 'registered';
  }
  const fresh = (await eventRowById(tx, event.id)) ?? event;
  const position = await waitlistPosition(tx, found.id);
  const answer: RegistrationAnswer = {
    status,
    position,
    message: answerMessage(status, position, person.email, true),
    event: publicEvent(fresh, now),
    confirm_by: found.confirm_by ? new Date(found.confirm_by).toISOString() : null,
  };
  return { created: false, registrationId: found.id, leadId: found.lead_id, status, answer };
}

export async function registerWithin(
  tx: Queryable,
  ctx: Omit<RegistrationContext, 'db'>,
  eventId: string,
  person: ValidRegistration,
  options: RegisterOptions = {},
): Promise<RegisterResult> {
  const now = options.now ?? new Date();
  const walkIn = options.walkIn === true;
  if (!isEventId(eventId)) throw new NotFound(EVENT_NOT_FOUND_MESSAGE);
  const emailKey = recipientKey(person.email);
  const { rows } = await tx.query<Facts>(FACTS_SQL, [eventId, person.email, now, ctx.config.repeatMatchDays, emailKey]);
  const facts = rows[0];
  if (!facts) throw new NotFound(EVENT_NOT_FOUND_MESSAGE);
  const event = normalised(facts);
  if (event.cancelled_at) throw new Conflict(EVENT_CANCELLED_MESSAGE);
  if (facts.existing) return answerExisting(tx, event, facts.existing, person, options, now);
  checkOpen(event, now, walkIn);

  // Everything that does not depend on the seat is done before the lock, which is held to the commit.
  // '' means "the event's program" when it covers exactly one.
  const courseId = person.course_id ?? (event.courses.length === 1 ? event.courses[0]!._id : null);
  const leadId =
    facts.open_lead ??
    (await newLeadFor(
      tx,
      { catalogue: ctx.catalogue },
      { ...person, course_id: courseId },
      { origin: options.origin ?? null, landingPage: `${ctx.config.siteUrl}${eventPaths.page(event.slug)}`, now },
    ));
  // A body field is no consent (issue 35): a person who asks to hear from us gets their own
  // consent link in the mail, and only completing it records express consent (double opt-in).
  const optInUrl =
    person.consent && !walkIn
      ? consentPageUrl(await linkTokens(tx, ctx.config), ctx.config.siteUrl, person.email, 'event-registration').url
      : null;
  const confirmBy = walkIn || facts.confirmed ? null : holdUntil(now);
  const id = facts.next_id;
  const hash = tokenHash(await registrationToken(tx, ctx.secrets, id));
  // Both possible mails, rendered now: only the chosen one is written, under the lock.
  const mailOf = (status: 'registered' | 'waitlisted') =>
    eventMailMessage(
      tx,
      status === 'registered' ? 'confirmation' : 'waitlisted',
      { registration: { id, email: person.email, first_name: person.first_name, status, confirm_by: confirmBy }, event, optInUrl },
      ctx,
    );
  const [seatMail, waitMail] = walkIn ? [null, null] : await Promise.all([mailOf('registered'), mailOf('waitlisted')]);
  // Bodies with a link are written sealed (server/mail/mail-queue.ts queueMail does the same).
  const sealed = (body: string, context: string, mail: MailMessage) => (mail.secretExpiresAt ? ctx.secrets.seal(body, context) : body);
  const mailValues = (mail: MailMessage | null) => [
    mail?.subject ?? '',
    mail ? sealed(mail.text, MAIL_TEXT_CONTEXT, mail) : '',
    mail ? sealed(mail.html, MAIL_HTML_CONTEXT, mail) : '',
    mail?.envelope ? JSON.stringify(mail.envelope) : null,
  ];

  // The lock: every registration of this event waits here for the one before it to commit.
  const locked = await tx.query<Pick<EventRow, 'cancelled_at' | 'starts_at' | 'registration_open'>>(
    'SELECT cancelled_at, starts_at, registration_open FROM events WHERE id = $1 FOR UPDATE',
    [eventId],
  );
  const current = locked.rows[0];
  if (!current) throw new NotFound(EVENT_NOT_FOUND_MESSAGE);
  checkOpen({ ...current, starts_at: new Date(current.starts_at) }, now, walkIn);
  const inserted = await tx.query<{ status: RegistrationStatus; registered_before: number; waitlisted_before: number; mailed: boolean }>(
    TAKE_SEAT_SQL,
    [
      id,
      eventId,
      leadId,
      person.first_name,
      person.last_name,
      person.email,
      person.phone,
      courseId,
      walkIn,
      hash,
      now,
      options.by ?? null,
      !walkIn,
      ...mailValues(seatMail),
      ...mailValues(waitMail),
      emailKey,
      confirmBy,
      seatMail?.secretExpiresAt ?? null,
    ],
  );
  const row = inserted.rows[0];
  if (!row) throw new SameEmailMeanwhile();
  const { status } = row;
  const position = status === 'waitlisted' ? row.waitlisted_before + 1 : null;
  const after: EventRow = { ...event, registered: row.registered_before + (status === 'registered' ? 1 : 0) };
  const answer: RegistrationAnswer = {
    status,
    position,
    message: answerMessage(status, position, person.email, false, confirmBy ? { mailed: row.mailed } : null),
    event: publicEvent(after, now),
    confirm_by: confirmBy?.toISOString() ?? null,
  };
  return { created: true, registrationId: id, leadId, status, answer };
}

/** registerWithin in its own transaction; the mail worker is asked to send at once after the commit. */
export async function registerForEvent(
  ctx: RegistrationContext,
  eventId: string,
  person: ValidRegistration,
  options: RegisterOptions = {},
): Promise<RegisterResult> {
  const attempt = () => inEventTurn(eventId, () => ctx.db.transaction((tx) => registerWithin(tx, ctx, eventId, person, options)));
  let result: RegisterResult;
  try {
    result = await attempt();
  } catch (error) {
    // Lost the race to the same e-mail: once more, which finds and answers that registration.
    if (!(error instanceof SameEmailMeanwhile)) throw error;
    result = await attempt();
  }
  if (result.created) {
    ctx.mailer.kick(); // the registration's own mail
    await ctx.leadLife.announce(); // the lead it may have made: notified, assigned, enrolled like an inquiry
  }
  return result;
}
