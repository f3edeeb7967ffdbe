/**
 * POST {api}/events/:id/registrations with a time limit. The server answers 201 (registered or
 * waitlisted) or 200 (this e-mail already holds a registration: that one is answered, no second
 * seat), so a double submit or a retry is harmless without an idempotency key. 404 and 409 (the
 * event is gone, past, cancelled or closed) are 'unavailable': the form is then disabled.
 */
import { ApiError, apiFetch } from '../src/api-client';
import { eventPaths, type RegistrationAnswer, type RegistrationRequest } from '../src/events-contract';
import { failureOf, REQUEST_TIMEOUT_MS, type SubmitFailure } from './submit-lead';

export type RegistrationOutcome = { ok: true; answer: RegistrationAnswer } | SubmitFailure;

export async function sendRegistration(
  apiBase: string,
  eventId: string,
  body: RegistrationRequest,
  timeoutMs = REQUEST_TIMEOUT_MS,
): Promise<RegistrationOutcome> {
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const answer = await apiFetch<RegistrationAnswer>(apiBase, eventPaths.register(eventId), { method: 'POST', body, signal });
    if (answer && typeof answer.message === 'string' && answer.event) return { ok: true, answer };
    return failureOf(new ApiError('Something went wrong. Please try again.', 500, answer), signal);
  } catch (error) {
    const failure = failureOf(error, signal);
    if (error instanceof ApiError && (error.status === 404 || error.status === 409)) return { ...failure, reason: 'unavailable' };
    return failure;
  }
}
