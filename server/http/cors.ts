/**
 * CORS, by @fastify/cors: routes declared `access: 'public'` (the catalogue reads, search, lead
 * creation, events) are open to other origins, without credentials, so partner pages can embed
 * the widget. Every other route gets no CORS headers, so browsers refuse them from any other
 * origin. Which routes are public is read from their declaration (server/http/access.ts).
 */
import type { FastifyCorsOptions } from '@fastify/cors';

/**
 * The CORS headers of every public API answer (also sent by the catalogue fast path). The answer
 * is the same for every origin, so no `Vary: Origin` is needed.
 */
export const PUBLIC_CORS_HEADERS = { 'Access-Control-Allow-Origin': '*' } as const;

/** A public route's own options: any origin. */
export const PUBLIC_CORS = { origin: '*' } as const;

/**
 * Closed unless a route says otherwise; the preflight of a public path allows what the widget
 * sends. A fixed origin (never a function or a delegator) keeps answers free of `Vary: Origin`.
 */
export const CORS_OPTIONS: FastifyCorsOptions = {
  origin: false,
  methods: 'GET, POST, OPTIONS',
  allowedHeaders: 'Content-Type, Idempotency-Key',
  maxAge: 86400,
  // A public path answers every OPTIONS, as before, not only complete preflight requests.
  strictPreflight: false,
};
