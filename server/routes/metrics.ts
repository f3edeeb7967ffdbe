/**
 * GET /metrics in Prometheus's text format, for the operator's scraper only: it answers with the
 * right `Authorization: Bearer $METRICS_TOKEN` and is switched off (404) when no token is set, so a
 * public server never shows its internals by default. Request durations are observed here too.
 */
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { HttpError } from '../http/errors';

function sameSecret(given: string, expected: string): boolean {
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(expected).digest();
  return crypto.timingSafeEqual(a, b);
}

export function registerMetrics(app: FastifyInstance, ctx: AppContext): void {
  const { metrics } = ctx;
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.requestDuration.observe({ method: request.method, route, status_code: reply.statusCode }, reply.elapsedTime / 1000);
  });

  app.get('/metrics', async (request, reply) => {
    const token = ctx.config.metricsToken;
    if (!token) throw new HttpError(404, 'Metrics are off: set METRICS_TOKEN to turn them on.');
    const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    if (!sameSecret(given, token)) throw new HttpError(401, 'Send the metrics token as Authorization: Bearer <token>.');
    reply.header('Cache-Control', 'no-store').type(metrics.registry.contentType);
    return metrics.registry.metrics();
  });
}
