/**
 * The cancel link (no sign-in): GET answers the registration the token names, POST cancels it.
 * Cancelling is idempotent (a second click answers the cancelled registration); a freed seat goes
 * to the first on the waitlist in the same transaction, under the event's lock (waitlist.ts).
 * Confirming (a place held for an unconfirmed address, seat-holds.ts) confirms the address and so
 * every place it holds; it too is idempotent. Cancelling through the link confirms the address as well:
 * only its owner has the link.
 */
import type { Queryable } from '../db/database';
import type { RegistrationByToken, RegistrationStatus } from '../../src/events-contract';
import { Conflict, NotFound } from '../domain-errors';
import { eventRowById, publicEvent } from './event-rows';
import { isTokenShape, tokenHash } from './registration-token';
import { REGISTRATION_COLUMNS, waitlistPosition, type RegistrationRow } from './registration-rows';
import { recordEventEntry } from './event-timeline';
import { queueEventMail } from './event-mails';
import { promoteWaitlisted } from './waitlist';
import { confirmAddress } from '../consent';
import type { RegistrationContext } from './register';

export const REGISTRATION_NOT_FOUND_MESSAGE =
  'We could not find this registration. Please use the link from your latest e-mail, or contact admissions.';
export const EVENT_OVER_MESSAGE = 'This event has already taken place, so the registration can no longer be cancelled.';

async function findByToken(db: Queryable, token: string, lock = false): Promise<RegistrationRow | null> {
  if (!isTokenShape(token)) return null;
  const { rows } = await db.query<RegistrationRow>(
    `SELECT ${REGISTRATION_COLUMNS} FROM event_registrations r WHERE r.token_hash = $1${lock ? ' FOR UPDATE' : ''}`,
    [tokenHash(token)],
  );
  return rows[0] ?? null;
}

async function answerOf(db: Queryable, registration: RegistrationRow, now: Date): Promise<RegistrationByToken> {
  const event = await eventRowById(db, registration.event_id);
  if (!event) throw new NotFound(REGISTRATION_NOT_FOUND_MESSAGE);
  return {
    status: registration.status,
    position: await waitlistPosition(db, registration.id),
    first_name: registration.first_name,
    event: publicEvent(event, now),
    confirm_by: registration.status !== 'cancelled' && registration.confirm_by ? new Date(registration.confirm_by).toISOString() : null,
  };
}

export async function registrationByToken(db: Queryable, token: string, now = new Date()): Promise<RegistrationByToken> {
  const registration = await findByToken(db, token);
  if (!registration) throw new NotFound(REGISTRATION_NOT_FOUND_MESSAGE);
  return answerOf(db, registration, now);
}

export async function cancelByToken(ctx: RegistrationContext, token: string, now = new Date()): Promise<RegistrationByToken> {
  const answer = await ctx.db.transaction(async (tx) => {
    const seen = await findByToken(tx, token);
    if (!seen) throw new NotFound(REGISTRATION_NOT_FOUND_MESSAGE);
    // The event's lock first (the order every seat change takes), then the registration as it is now.
    await tx.query('SELECT id FROM events WHERE id = $1 FOR UPDATE', [seen.event_id]);
    const registration = (await findByToken(tx, token, true))!;
    if (registration.status === 'cancelled') return answerOf(tx, registration, now);
    const event = await eventRowById(tx, registration.event_id);
    if (event && event.ends_at <= now) throw new Conflict(EVENT_OVER_MESSAGE);
    const was: RegistrationStatus = registration.status;
    // The link reached its owner: the address is confirmed (and its mail about this goes out).
    await confirmAddress(tx, registration.email);
    await tx.query(`UPDATE event_registrations SET status = 'cancelled', cancelled_at = $2 WHERE id = $1`, [registration.id, now]);
    if (registration.lead_id) await recordEventEntry(tx, registration.lead_id, 'cancelled', registration.event_id, null);
    await queueEventMail(tx, 'cancelled', registration.id, ctx, now);
    if (was === 'registered') await promoteWaitlisted(tx, ctx, registration.event_id, now);
    return answerOf(tx, { ...registration, status: 'cancelled' }, now);
  });
  ctx.mailer.kick();
  return answer;
}

/** Confirms the address of the registration the token names (and so every place it holds). */
export async function confirmByToken(db: Queryable, token: string, now = new Date()): Promise<RegistrationByToken> {
  const registration = await findByToken(db, token);
  if (!registration) throw new NotFound(REGISTRATION_NOT_FOUND_MESSAGE);
  if (registration.status === 'cancelled') return answerOf(db, registration, now);
  await confirmAddress(db, registration.email);
  return answerOf(db, { ...registration, confirm_by: null }, now);
}
