/**
 * CORS: only the public catalogue reads, search and lead creation are open to other origins
 * (without credentials), so partner pages can embed the widget. Staff calls get no CORS headers,
 * so browsers refuse them from any other origin.
 */
import type { FastifyInstance } from 'fastify';

const PUBLIC_API = [
  /^\/api\/courses(\/|\?|$)/,
  /^\/api\/categories\//,
  /^\/api\/(intakes|announcements|banner-offers|search|health|openapi\.json)\/?(\?|$)/,
  /^\/api\/leads\/?(\?|$)/,
  /^\/api\/events(\/|\?|$)/,
];

/**
 * The CORS headers of every public API answer (also sent by the catalogue fast path). The answer
 * is the same for every origin, so no `Vary: Origin` is needed.
 */
export const PUBLIC_CORS_HEADERS = { 'Access-Control-Allow-Origin': '*' } as const;

export function isPublicApi(url: string): boolean {
  return PUBLIC_API.some((pattern) => pattern.test(url));
}

export function registerCors(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!isPublicApi(request.url)) return;
    reply.headers(PUBLIC_CORS_HEADERS);
    if (request.method === 'OPTIONS') {
      reply
        .header('Access-Control-Allow-Methods', 'GET, POST, OPTIONS')
        .header('Access-Control-Allow-Headers', 'Content-Type, Idempotency-Key')
        .header('Access-Control-Max-Age', '86400')
        .status(204)
        .send();
    }
  });
}
