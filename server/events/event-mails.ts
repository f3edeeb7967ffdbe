/**
 * Queues one event mail for one registration through the mail queue, inside the caller's
 * transaction (server/mail/: a refused SMTP delivery is retried, nothing is lost). The mail is
 * rendered from the rows as they are now, with the person's cancel link (registration-token.ts)
 * and an .ics attachment (event-calendar.ts). The online link goes only to a person with a seat.
 * A mail with the link is queued sealed and blanked once delivered (server/mail/mail-queue.ts: no
 * live link at rest); a place still waiting for its address's confirmation is mailed at most once a
 * day across all events (seat-holds.ts).
 */
import type { AppContext } from '../context';
import type { Queryable } from '../db/database';
import { eventPaths } from '../../src/events-contract';
import { eventRowById, type EventRow } from './event-rows';
import { eventCalendar } from './event-calendar';
import { eventMailBody, type EventMailKind } from './event-mail-text';
import { registrationToken } from './registration-token';
import { registrationById, type RegistrationRow } from './registration-rows';
import type { MailMessage } from '../mail/mailer';
import { claimRegistrationMail } from './mail-cap';

const laterOf = (a: Date, b: Date): Date => (a.getTime() > b.getTime() ? a : b);

export type { EventMailKind } from './event-mail-text';

/** What the event mails need of the application. */
export type EventMailContext = Pick<AppContext, 'config' | 'secrets' | 'mailer'>;

const SEATED_KINDS: readonly EventMailKind[] = ['confirmation', 'promoted', 'reminder_24h', 'reminder_1h'];
const REMINDERS: readonly EventMailKind[] = ['reminder_24h', 'reminder_1h'];

/** The facts a mail is made of, when the caller already holds them (a registration just inserted). */
export interface EventMailSubject {
  registration: Pick<RegistrationRow, 'id' | 'email' | 'first_name' | 'status' | 'confirm_by'>;
  event: EventRow;
  /** The person's own consent link, when they asked to hear from us (registration only). */
  optInUrl?: string | null;
}

/**
 * Returns whether a mail was queued. A reminder is queued only for a seat ('registered') at an
 * event that is neither cancelled nor over, so a reminder job that runs late sends nothing.
 */
export async function queueEventMail(
  tx: Queryable,
  kind: EventMailKind,
  registrationId: string,
  ctx: EventMailContext,
  now: Date = new Date(),
): Promise<boolean> {
  const registration = await registrationById(tx, registrationId);
  if (!registration) return false;
  const event = await eventRowById(tx, registration.event_id);
  if (!event) return false;
  if (REMINDERS.includes(kind) && (registration.status !== 'registered' || event.cancelled_at || event.ends_at <= now)) return false;
  if (registration.confirm_by && !(await claimRegistrationMail(tx, registration.email_key, now))) return false;
  await ctx.mailer.enqueue(tx, await eventMailMessage(tx, kind, { registration, event }, ctx));
  return true;
}

/** The mail itself, from rows already read (register.ts renders both of its mails before taking the seat lock). */
export async function eventMailMessage(
  tx: Queryable,
  kind: EventMailKind,
  { registration, event, optInUrl = null }: EventMailSubject,
  ctx: Pick<EventMailContext, 'config' | 'secrets'>,
): Promise<MailMessage> {
  const seated = SEATED_KINDS.includes(kind) && registration.status === 'registered';
  const onlineUrl = seated && event.place_kind === 'online' ? event.online_url : null;
  const closing = kind === 'cancelled' || kind === 'event_cancelled';
  const siteUrl = ctx.config.siteUrl;
  const cancelUrl = closing ? null : `${siteUrl}${eventPaths.cancelPage(await registrationToken(tx, ctx.secrets, registration.id))}`;
  const body = eventMailBody({
    kind,
    event,
    firstName: registration.first_name,
    onlineUrl,
    cancelUrl,
    confirmBy: registration.confirm_by,
    optInUrl,
    eventUrl: `${siteUrl}${eventPaths.page(event.slug)}`,
    listUrl: `${siteUrl}${eventPaths.listPage}`,
  });
  // A waitlisted person has no seat to put in a calendar; everyone else gets the entry (a
  // cancellation's entry has STATUS:CANCELLED, so the calendar drops the one it holds).
  const ics = kind === 'waitlisted' ? null : eventCalendar(event, { siteUrl, onlineUrl, cancelled: closing });
  const attachment = ics && {
    filename: 'event.ics',
    contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
    content: Buffer.from(ics).toString('base64'),
  };
  return {
    to: registration.email,
    ...body,
    // Sealed until the link is of no use (the event is over); withdrawn if not delivered by then.
    ...(cancelUrl || optInUrl ? { secretExpiresAt: laterOf(event.ends_at, new Date(Date.now() + 3600_000)) } : {}),
    ...(attachment ? { envelope: { attachments: [attachment] } } : {}),
  };
}
