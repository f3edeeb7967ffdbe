/** The sentence a registration answers with (the site and the widget show it as it is). */
import type { RegistrationStatus } from '../../src/events-contract';

/**
 * `again`: the e-mail already held this registration (the 200 answer). `held`: the place waits for
 * the address's confirmation (server/events/seat-holds.ts); `mailed` false when the address already
 * had its one registration mail of the day, whose link confirms this place too.
 */
export function answerMessage(
  status: RegistrationStatus,
  position: number | null,
  email: string,
  again = false,
  held: { mailed: boolean } | null = null,
): string {
  const place = `position ${position ?? '?'}`;
  if (again && status === 'registered') return `You are already registered for this event with ${email}.`;
  if (again && status === 'waitlisted') return `You are already on the waitlist for this event (${place}) with ${email}.`;
  const confirm = !held
    ? ''
    : held.mailed
      ? ' Please confirm it with the link in that e-mail within 24 hours.'
      : ` We e-mailed ${email} a link within the last day: please confirm with it within 24 hours.`;
  if (status === 'registered') {
    return held && !held.mailed
      ? `You are registered.${confirm}`
      : `You are registered. A confirmation is on its way to ${email}.${confirm}`;
  }
  if (status === 'waitlisted') {
    return `The event is full, so you are on the waitlist (${place}). If a seat opens up it is yours, and we will e-mail ${email}.${confirm}`;
  }
  return 'This registration is cancelled.';
}
