/**
 * The front end's fast path (see fast-paths.ts): built files (site assets, the widget) and pages
 * the renderer already holds for the current catalogue version, answered from memory with the
 * headers front-end.ts and the security hooks send — test/api/front-end-fast-path.test.ts compares
 * them. Only query-free GET/HEAD URLs that name such a file or page exactly; a first render, a 404,
 * a redirect, a conditional request Fastify would judge differently, or a request forwarded by a
 * proxy (whose protocol decides HSTS) goes on to Fastify.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { StaticFile } from './static-files';
import type { FastPath } from './fast-paths';
import { BASE_SECURITY_HEADERS, HSTS, PAGE_SECURITY_HEADERS } from './security-headers';

export interface FrontEndFiles {
  /** The file or rendered page answered 200 at this exact path, with its Cache-Control and extra headers. */
  lookup(urlPath: string): { file: StaticFile; cacheControl: string; extra: Readonly<Record<string, string>> } | undefined;
}

export function frontEndFastPath(files: FrontEndFiles, hsts: boolean): FastPath {
  return (req, res) => {
    const { method, url } = req;
    if ((method !== 'GET' && method !== 'HEAD') || !url || url.includes('?')) return false;
    if (!hsts && req.headers['x-forwarded-proto'] !== undefined) return false;
    const found = files.lookup(url);
    if (!found) return false;
    send(req, res, found.file, headersOf(found.file, found.cacheControl, found.extra, hsts));
    return true;
  };
}

function headersOf(file: StaticFile, cacheControl: string, extra: Readonly<Record<string, string>>, hsts: boolean): Record<string, string> {
  return {
    ...extra,
    'Content-Type': file.type,
    ETag: file.etag,
    'Cache-Control': cacheControl,
    Vary: 'Accept-Encoding',
    ...BASE_SECURITY_HEADERS,
    ...('Cross-Origin-Resource-Policy' in extra ? {} : { 'Cross-Origin-Resource-Policy': 'same-origin' }),
    ...(file.type.startsWith('text/html') ? PAGE_SECURITY_HEADERS : {}),
    ...(hsts ? { 'Strict-Transport-Security': HSTS } : {}),
  };
}

/** As sendStatic: 304 on an exactly matching ETag, else br, gzip or the plain bytes. */
function send(req: IncomingMessage, res: ServerResponse, file: StaticFile, headers: Record<string, string>): void {
  if (req.headers['if-none-match'] === file.etag) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  const accept = req.headers['accept-encoding'] ?? '';
  let body = file.body;
  if (file.brotli && /\bbr\b/.test(accept)) {
    body = file.brotli;
    headers['Content-Encoding'] = 'br';
  } else if (file.gzip && /\bgzip\b/.test(accept)) {
    body = file.gzip;
    headers['Content-Encoding'] = 'gzip';
  }
  headers['Content-Length'] = String(body.length);
  res.writeHead(200, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
}
