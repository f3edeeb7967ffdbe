/**
 * Check-in opens on the event's day (issue 31): from midnight in Toronto of the day the event
 * starts. A tap days before would write "Attended" for something that has not happened, so before
 * that day a check-in is refused (409, `early_check_in: true` so the CRM can ask) unless the staff
 * member confirms it is early (`early: true`); an early check-in is recorded in the audit log.
 * After the event a check-in stays open (a list typed in afterwards is honoured, check-in.ts).
 */
import type { Queryable } from '../db/database';
import { recordAudit, type AuditWho } from '../audit/audit-log';
import { Conflict } from '../domain-errors';
import { torontoDayStart } from '../../src/college-time';

const EVENT_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Toronto',
  weekday: 'long',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
});

export const earlyCheckInMessage = (startsAt: Date): string =>
  `This event is on ${EVENT_DAY.format(startsAt)}: check-in opens on the event's day. ` +
  'To check someone in before it, confirm that it is early.';

/** Whether `now` is before the Toronto day on which the event starts. */
export const beforeEventDay = (startsAt: Date, now: Date): boolean => now.getTime() < torontoDayStart(startsAt).getTime();

export interface DoorCheck {
  eventId: string;
  registrationId: string;
  startsAt: Date;
  now: Date;
  /** The staff member confirmed that it is before the event's day. */
  early: boolean;
  who: AuditWho;
}

/** Refuses a check-in before the event's day unless confirmed; records a confirmed early one. */
export async function allowCheckInDay(client: Queryable, check: DoorCheck): Promise<void> {
  if (!beforeEventDay(check.startsAt, check.now)) return;
  if (!check.early) throw new Conflict(earlyCheckInMessage(check.startsAt), { early_check_in: true });
  await recordAudit(client, {
    ...check.who,
    action: 'event.checked_in_early',
    details: { event_id: check.eventId, registration_id: check.registrationId, starts_at: check.startsAt.toISOString() },
  });
}
