/**
 * POST {leadsBase}/leads with an Idempotency-Key and a time limit. The key belongs to one
 * payload: sending the same payload again (a retry after a lost answer) reuses it, so the server
 * stores one lead; a changed payload is a new attempt with a new key.
 */
import { ApiError, apiFetch, fieldErrorsOf, messageOf } from '../src/api-client';
import type { LeadAnswer } from '../src/contract';
import type { FieldErrors } from '../src/field-errors';
import type { LeadRequest } from '../src/lead-payload';
import type { InquiryErrorReason } from './api';

export type SubmitOutcome = { ok: true; message: string } | { ok: false; message: string; reason: InquiryErrorReason; errors: FieldErrors };

/** Every request of the widget gives up after this long (a hanging server must not leave "Sending..." forever). */
export const REQUEST_TIMEOUT_MS = 15_000;
export const TIMEOUT_MESSAGE = 'The server did not answer in time. What you typed is kept: please press Submit to try again.';
const FALLBACK = 'Something went wrong. Please try again.';

export function createLeadSender(leadsBase: string, newKey: () => string = randomKey, timeoutMs = REQUEST_TIMEOUT_MS) {
  let last: { body: string; key: string } | null = null;
  return async function send(payload: LeadRequest): Promise<SubmitOutcome> {
    const body = JSON.stringify(payload);
    if (!last || last.body !== body) last = { body, key: newKey() };
    const signal = AbortSignal.timeout(timeoutMs);
    try {
      const answer = await apiFetch<LeadAnswer>(leadsBase, '/leads', {
        method: 'POST',
        body: payload,
        headers: { 'Idempotency-Key': last.key },
        signal,
      });
      if (answer && answer.status === 'success') return { ok: true, message: messageOf(answer) ?? '' };
      if (signal.aborted) return timedOut();
      return { ok: false, message: messageOf(answer) ?? FALLBACK, reason: 'server', errors: {} };
    } catch (error) {
      return failureOf(error, signal);
    }
  };
}

export type SubmitFailure = Extract<SubmitOutcome, { ok: false }>;

/** What a thrown request error means for the visitor (shared with the event registration's sender). */
export function failureOf(error: unknown, signal: AbortSignal): SubmitFailure {
  // The limit may strike while waiting for the answer or while reading its body.
  if (signal.aborted) return timedOut();
  if (!(error instanceof ApiError)) return { ok: false, message: FALLBACK, reason: 'server', errors: {} };
  const errors = fieldErrorsOf(error.body);
  const reason = error.status === 0 ? 'network' : Object.keys(errors).length > 0 ? 'invalid' : 'server';
  return { ok: false, message: error.message, reason, errors };
}

const timedOut = (): SubmitFailure => ({ ok: false, message: TIMEOUT_MESSAGE, reason: 'timeout', errors: {} });

export function randomKey(): string {
  const c = globalThis.crypto;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  const bytes = new Uint8Array(16);
  c.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
