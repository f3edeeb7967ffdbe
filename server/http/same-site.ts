/**
 * Whether a form POST comes from a page of this site (issue 35: a form on another site that posts
 * a leaked consent link must record nothing). Browsers name the page a POST comes from: Fetch
 * Metadata (`Sec-Fetch-Site`: same-origin, or none for typed or bookmarked) and, in browsers
 * without it, `Origin`, whose host must be the one the request was sent to (behind a proxy too:
 * the proxy passes Host on). A request with neither header
 * is no browser form (a mail client, a script): nothing a cross-site page can make.
 */
import type { FastifyRequest } from 'fastify';

const FETCH_SITE_OK = new Set(['same-origin', 'none']);

export function fromThisSite(request: Pick<FastifyRequest, 'headers'>): boolean {
  const site = request.headers['sec-fetch-site'];
  // Fetch Metadata, where the browser sends it, is the browser's own word and decides alone (a
  // page with a no-referrer policy posts "Origin: null" even to itself).
  if (typeof site === 'string') return FETCH_SITE_OK.has(site);
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  try {
    const from = new URL(origin);
    // Host read with the Origin's scheme, so a default port compares equal either way (":80").
    return from.host === new URL(`${from.protocol}//${request.headers.host ?? ''}`).host;
  } catch {
    return false; // "null" (a sandboxed frame, a redirect across sites) or garbage
  }
}
