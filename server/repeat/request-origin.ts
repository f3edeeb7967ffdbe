/**
 * Where an inquiry was sent from (issue 23): the embedding page's origin, as the browser names it.
 * A cross-origin POST (a partner's page) and a same-origin one (our own site) both carry `Origin`;
 * where it is absent or "null" (privacy settings, some in-app browsers), the origin of `Referer`
 * stands in. Only scheme, host and port are kept: the page's path and query may carry personal or
 * campaign data, and the widget's own attribution fields already record the page.
 */
import type { IncomingHttpHeaders } from 'node:http';

/** Longer values are not origins a browser sends; they are dropped, never cut. */
const ORIGIN_MAX = 300;

function originOf(value: string | string[] | undefined): string | null {
  if (typeof value !== 'string' || value === '' || value === 'null' || value.length > 2048) return null;
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.origin.length <= ORIGIN_MAX ? url.origin : null;
  } catch {
    return null;
  }
}

export function requestOrigin(headers: IncomingHttpHeaders): string | null {
  return originOf(headers.origin) ?? originOf(headers.referer);
}

/**
 * An origin as an operator writes it (PARTNER_ORIGINS): scheme, host and an optional port, nothing
 * else but one trailing slash; returned as requestOrigin stores it (host lower-cased, default
 * port dropped), so the two compare as strings. Anything with a path, query or credentials is not
 * an origin: undefined.
 */
export function exactOrigin(text: string): string | undefined {
  const value = text.trim().replace(/\/$/, '');
  const origin = originOf(value);
  // Only a bare origin comes back from URL as itself and "/": no path, query, fragment or user.
  return origin !== null && new URL(value).href === `${origin}/` ? origin : undefined;
}
