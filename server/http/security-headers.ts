/**
 * Security headers on every answer, and a strict Content-Security-Policy on site pages.
 * The site loads only its own scripts and styles (the widget included), so 'self' is enough:
 * no 'unsafe-inline' for styles either — the widget's shadow root uses constructed stylesheets,
 * and styles set from script (element.style, as Preact and intl-tel-input do) are not inline
 * markup, so CSP allows them.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';

export const SITE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
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

export const HSTS = 'max-age=31536000; includeSubDomains';

export function registerSecurityHeaders(app: FastifyInstance, ctx: AppContext): void {
  // Served over https (SITE_URL says so) even when TLS ends at a proxy we were not told about.
  const httpsSite = ctx.config.siteUrl.startsWith('https://');
  app.addHook('onSend', async (request, reply, payload) => {
    reply.headers(BASE_SECURITY_HEADERS);
    if (!reply.hasHeader('Cross-Origin-Resource-Policy')) reply.header('Cross-Origin-Resource-Policy', 'same-origin');
    const type = String(reply.getHeader('Content-Type') ?? '');
    if (type.startsWith('text/html')) {
      reply.header('Content-Security-Policy', SITE_CSP);
      reply.header('X-Frame-Options', 'DENY');
      reply.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
      // Pages we open (or that open us) get no handle on this window.
      reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    }
    if (httpsSite || request.protocol === 'https') reply.header('Strict-Transport-Security', HSTS);
    return payload;
  });
}
