/**
 * A walk-in (issue 24): someone at the door who had not registered is registered by staff and
 * checked in, in one transaction (registerWithin with `walkIn`: a seat even over capacity, no
 * confirmation mail, their lead joined or created as any registration's). An e-mail that already
 * holds a registration for the event is that person: their registration is checked in instead
 * (a waitlisted one gets its seat), and the answer says it was not a new one. Before the event's
 * day the check-in is refused unless confirmed early (check-in-day.ts), and the walk-in with it.
 */
import type { CrmRegistration } from '../../src/events-contract';
import type { JobQueue } from '../jobs/job-queue';
import type { ValidRegistration } from './registration-input';
import { registerWithin, type RegistrationContext } from './register';
import { checkInWithin, type CheckInRequest } from './check-in';

export interface WalkInResult {
  created: boolean;
  registration: CrmRegistration;
}

export async function registerWalkIn(
  ctx: RegistrationContext & { jobs: JobQueue },
  eventId: string,
  person: ValidRegistration,
  by: string,
  now: Date,
  request: CheckInRequest = {},
): Promise<WalkInResult> {
  return ctx.db.transaction(async (tx) => {
    const registered = await registerWithin(tx, ctx, eventId, person, { walkIn: true, by, now });
    const registration = await checkInWithin(tx, ctx.jobs, { eventId, registrationId: registered.registrationId }, by, now, request);
    return { created: registered.created, registration };
  });
}
