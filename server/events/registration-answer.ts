/** The sentence a registration answers with (the site and the widget show it as it is). */
import type { RegistrationStatus } from '../../src/events-contract';

/** `again`: the e-mail already held this registration (the 200 answer). */
export function answerMessage(status: RegistrationStatus, position: number | null, email: string, again = false): string {
  const place = `position ${position ?? '?'}`;
  if (again && status === 'registered') return `You are already registered for this event with ${email}.`;
  if (again && status === 'waitlisted') return `You are already on the waitlist for this event (${place}) with ${email}.`;
  if (status === 'registered') return `You are registered. A confirmation is on its way to ${email}.`;
  if (status === 'waitlisted') {
    return `The event is full, so you are on the waitlist (${place}). If a seat opens up it is yours, and we will e-mail ${email}.`;
  }
  return 'This registration is cancelled.';
}
