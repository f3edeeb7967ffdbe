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

/** Headers on every HTML page (also sent by the front end's fast path). */
export const PAGE_SECURITY_HEADERS = {
  'Content-Security-Policy': SITE_CSP,
  'X-Frame-Options': 'DENY',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
  // Pages we open (or that open us) get no handle on this window.
  'Cross-Origin-Opener-Policy': 'same-origin',
} as const;

/** Whether answers carry HSTS without looking at the request: the site's own URL is https. */
export const alwaysHsts = (siteUrl: string): boolean => siteUrl.startsWith('https://');

export function registerSecurityHeaders(app: FastifyInstance, ctx: AppContext): void {
  // Served over https (SITE_URL says so) even when TLS ends at a proxy we were not told about.
  const httpsSite = alwaysHsts(ctx.config.siteUrl);
  app.addHook('onSend', async (request, reply, payload) => {
    reply.headers(BASE_SECURITY_HEADERS);
    if (!reply.hasHeader('Cross-Origin-Resource-Policy')) reply.header('Cross-Origin-Resource-Policy', 'same-origin');
    const type = String(reply.getHeader('Content-Type') ?? '');
    if (type.startsWith('text/html')) reply.headers(PAGE_SECURITY_HEADERS);
    if (httpsSite || request.protocol === 'https') reply.header('Strict-Transport-Security', HSTS);
    return payload;
  });
}
