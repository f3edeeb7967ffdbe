/**
 * POST {leadsBase}/leads with an Idempotency-Key. The key belongs to one payload: sending the
 * same payload again (a retry after a lost answer) reuses it, so the server stores one lead;
 * a changed payload is a new attempt with a new key.
 */
import { ApiError, apiFetch, messageOf } from '../src/api-client';
import type { LeadAnswer } from '../src/contract';
import type { LeadRequest } from '../src/lead-payload';

export type SubmitOutcome = { ok: true; message: string } | { ok: false; message: string };

const FALLBACK = 'Something went wrong. Please try again.';

export function createLeadSender(leadsBase: string, newKey: () => string = randomKey) {
  let last: { body: string; key: string } | null = null;
  return async function send(payload: LeadRequest): Promise<SubmitOutcome> {
    const body = JSON.stringify(payload);
    if (!last || last.body !== body) last = { body, key: newKey() };
    try {
      const answer = await apiFetch<LeadAnswer>(leadsBase, '/leads', {
        method: 'POST',
        body: payload,
        headers: { 'Idempotency-Key': last.key },
      });
      if (answer && answer.status === 'success') return { ok: true, message: messageOf(answer) ?? '' };
      return { ok: false, message: messageOf(answer) ?? FALLBACK };
    } catch (error) {
      return { ok: false, message: error instanceof ApiError ? error.message : FALLBACK };
    }
  };
}

export function randomKey(): string {
  const c = globalThis.crypto;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  const bytes = new Uint8Array(16);
  c.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
