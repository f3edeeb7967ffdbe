/**
 * The front end's fast path (see fast-paths.ts): built files (site assets, the widget) and pages
 * the renderer already holds for the current catalogue version, answered from memory with the
 * headers front-end.ts and the security hooks send — test/api/front-end-fast-path.test.ts compares
 * them. Only query-free GET/HEAD URLs that name such a file or page exactly; a first render, a 404,
 * a redirect, a conditional request Fastify would judge differently, or a request forwarded by a
 * proxy (whose protocol decides HSTS) goes on to Fastify.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { chooseEncoding, type StaticFile } from './static-files';
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
    send(req, res, found.file, () => headersOf(found.file, found.cacheControl, found.extra, hsts));
    return true;
  };
}

function headersOf(file: StaticFile, cacheControl: string, extra: Readonly<Record<string, string>>, hsts: boolean): string[] {
  return Object.entries({
    ...extra,
    'Content-Type': file.type,
    ETag: file.etag,
    'Cache-Control': cacheControl,
    Vary: 'Accept-Encoding',
    ...BASE_SECURITY_HEADERS,
    ...('Cross-Origin-Resource-Policy' in extra ? {} : { 'Cross-Origin-Resource-Policy': 'same-origin' }),
    ...(file.type.startsWith('text/html') ? PAGE_SECURITY_HEADERS : {}),
    ...(hsts ? { 'Strict-Transport-Security': HSTS } : {}),
  }).flat();
}

/**
 * Each representation's full header list, built once: a flat [name, value, ...] list is the
 * cheapest thing to hand to writeHead (building header objects per request cost ~25 % of the
 * throughput). Keyed by the body sent, so each file and encoding has its own.
 */
const headerLists = new WeakMap<Buffer, { ok: string[]; notModified: string[] }>();

/** As sendStatic: 304 on an exactly matching ETag, else br, gzip or the plain bytes. */
function send(req: IncomingMessage, res: ServerResponse, file: StaticFile, common: () => string[]): void {
  const { body, encoding } = chooseEncoding(file, req.headers['accept-encoding']);
  let lists = headerLists.get(body);
  if (!lists) {
    // As sendStatic, a 304 names no Content-Encoding (it is decided after the ETag check).
    const notModified = common();
    const encoded = encoding ? ['Content-Encoding', encoding] : [];
    lists = { ok: [...notModified, ...encoded, 'Content-Length', String(body.length)], notModified };
    headerLists.set(body, lists);
  }
  if (req.headers['if-none-match'] === file.etag) {
    res.writeHead(304, lists.notModified);
    res.end();
    return;
  }
  res.writeHead(200, lists.ok);
  res.end(req.method === 'HEAD' ? undefined : body);
}
