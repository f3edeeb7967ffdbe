/**
 * Security headers on every answer, and a strict Content-Security-Policy on site pages.
 * The site loads only its own scripts (the widget included), so 'self' is enough; inline styles
 * are allowed because the widget's shadow root and intl-tel-input set style attributes.
 */
import type { FastifyInstance } from 'fastify';

export const SITE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join('; ');

/** Headers on every answer (also sent by the catalogue fast path). */
export const BASE_SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
} as const;

export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    reply.headers(BASE_SECURITY_HEADERS);
    if (!reply.hasHeader('Cross-Origin-Resource-Policy')) reply.header('Cross-Origin-Resource-Policy', 'same-origin');
    const type = String(reply.getHeader('Content-Type') ?? '');
    if (type.startsWith('text/html')) {
      reply.header('Content-Security-Policy', SITE_CSP);
      reply.header('X-Frame-Options', 'DENY');
      reply.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
    }
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    return payload;
  });
}
