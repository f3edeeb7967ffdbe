/**
 * The data of the events pages (issue 24) for server rendering: read through the public events
 * API itself (`app.inject`, no socket), so a rendered page carries exactly what GET /api/events…
 * answers, statuses and messages included, and the site depends only on the contract's paths
 * (src/events-contract.ts), not on how server/events stores them. Only the public reads are let
 * through. Also the cancel page's no-JavaScript form: a POST to the page cancels through the
 * API and sends the reader back to the page (303); and `watchEventWrites`, which tells the page
 * cache that events changed (event-freshness.ts).
 */
import type { FastifyInstance } from 'fastify';
import { messageOf } from '../../src/api-client';
import { eventPaths } from '../../src/events-contract';
import { PUBLIC_API_BASE } from '../../src/public-api';
import type { PageData } from '../../site/ssr/renderPage';

export type ApiReader = (apiPath: string) => Promise<PageData>;

const PUBLIC_EVENT_READS: readonly RegExp[] = [/^\/events\?[^/]*$/, /^\/events\/slug\/[^/?]+$/, /^\/events\/registrations\/[^/?]+$/];

export const isEventRead = (apiPath: string): boolean => PUBLIC_EVENT_READS.some((pattern) => pattern.test(apiPath));

/** Every write to events or their registrations is a call under these (public and CRM). */
const EVENT_WRITE_PREFIXES = [PUBLIC_API_BASE + eventPaths.listPage, PUBLIC_API_BASE + eventPaths.crmList];
const READ_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Calls `changed` after each write to events that succeeded (a refused one changed nothing). */
export function watchEventWrites(app: FastifyInstance, changed: () => void): void {
  app.addHook('onResponse', async (request, reply) => {
    if (READ_METHODS.has(request.method) || reply.statusCode >= 400) return;
    if (EVENT_WRITE_PREFIXES.some((prefix) => request.url.startsWith(prefix))) changed();
  });
}

const UNAVAILABLE = 'Events are not available at the moment. Please try again.';

export function injectedEventReader(app: FastifyInstance): ApiReader {
  return async (apiPath) => {
    if (!isEventRead(apiPath)) return { ok: false, status: 404, message: 'Not found.', body: { message: 'Not found.' } };
    try {
      const answer = await app.inject({ method: 'GET', url: PUBLIC_API_BASE + apiPath, headers: { accept: 'application/json' } });
      const body: unknown = answer.body ? JSON.parse(answer.body) : null;
      if (answer.statusCode === 200) return { ok: true, data: body };
      return { ok: false, status: answer.statusCode, message: messageOf(body) ?? UNAVAILABLE, body };
    } catch {
      return { ok: false, status: 503, message: UNAVAILABLE, body: { message: UNAVAILABLE } };
    }
  };
}

/** POST /events/registration?token=… (the cancel page's forms without JavaScript; `&action=confirm` confirms). */
export function registerEventCancelForm(app: FastifyInstance): void {
  void app.register(async (scope) => {
    // The form's body carries nothing we read: accept it without parsing.
    scope.addContentTypeParser('application/x-www-form-urlencoded', (_request, _payload, done) => done(null, null));
    scope.post<{ Querystring: { token?: string; action?: string } }>('/events/registration', async (request, reply) => {
      const token = typeof request.query.token === 'string' ? request.query.token : '';
      const confirm = request.query.action === 'confirm';
      const url = confirm ? eventPaths.confirmRegistration(token) : eventPaths.cancelRegistration(token);
      // The browser's own headers go along, so the same-site check sees this form's origin.
      const headers = { ...pick(request.headers, ['origin', 'sec-fetch-site', 'host']) };
      await app.inject({ method: 'POST', url: PUBLIC_API_BASE + url, payload: {}, headers });
      // Whatever the answer (already cancelled, unknown token), the page shows the registration as it now is.
      return reply.redirect(eventPaths.cancelPage(token), 303);
    });
  });
}

function pick(headers: Record<string, string | string[] | undefined>, names: string[]): Record<string, string> {
  return Object.fromEntries(names.flatMap((name) => (typeof headers[name] === 'string' ? [[name, headers[name]]] : [])));
}
