/**
 * The front end's fast path (see fast-paths.ts): built files (site assets, the widget) and pages
 * the renderer already holds for the current catalogue version, answered from memory with the
 * headers front-end.ts and the security hooks send — test/api/front-end-fast-path.test.ts compares
 * them. Only query-free GET/HEAD URLs that name such a file or page exactly; a first render, a 404,
 * a redirect, a conditional request Fastify would judge differently, or a request forwarded by a
 * proxy (whose protocol decides HSTS) goes on to Fastify.
 */
import type { Representation } from './representation';
import type { FastPath } from './fast-paths';
import { writeRepresentation, type HeaderProfile } from './send-representation';
import { BASE_SECURITY_HEADERS, HSTS, PAGE_SECURITY_HEADERS } from './security-headers';

export interface FrontEndFiles {
  /** The file or rendered page answered 200 at this exact path. */
  lookup(urlPath: string): Representation | undefined;
}

/** What the security hook adds to a front-end answer (see security-headers.ts). */
function frontEndProfile(hsts: boolean): HeaderProfile {
  return {
    headersFor: (own) => ({
      ...BASE_SECURITY_HEADERS,
      ...('Cross-Origin-Resource-Policy' in own ? {} : { 'Cross-Origin-Resource-Policy': 'same-origin' }),
      ...((own['Content-Type'] ?? '').startsWith('text/html') ? PAGE_SECURITY_HEADERS : {}),
      ...(hsts ? { 'Strict-Transport-Security': HSTS } : {}),
    }),
  };
}

export function frontEndFastPath(files: FrontEndFiles, hsts: boolean): FastPath {
  const profile = frontEndProfile(hsts);
  return (req, res) => {
    const { method, url } = req;
    if ((method !== 'GET' && method !== 'HEAD') || !url || url.includes('?')) return false;
    if (!hsts && req.headers['x-forwarded-proto'] !== undefined) return false;
    const found = files.lookup(url);
    if (!found) return false;
    writeRepresentation(req, res, found, profile);
    return true;
  };
}
