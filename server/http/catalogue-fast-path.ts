/**
 * The busiest reads — the course lists every page and every embedded widget asks for — are
 * answered straight from the in-memory catalogue on the raw Node request, before Fastify routes
 * it. Why: on one core of this machine Fastify's request pipeline alone tops out near 20k req/s,
 * while nginx serves the same bytes at ~47k, and DESIGN.md's budget is half of nginx.
 *
 * Only exact URLs the catalogue already holds an answer for are taken here (its keys are the
 * URLs under /api), with exactly the headers the Fastify route sends. Anything else — a bad
 * parameter, an unknown slug, an extra query field, another method — goes on to Fastify, which
 * validates it and answers with its usual messages.
 */
import http, { type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import type { Catalogue, JsonAnswer } from '../catalogue/catalogue';
import { CATALOGUE_CACHE_CONTROL, encodedBody, etagMatches } from '../catalogue/json-answer';
import { PUBLIC_CORS_HEADERS } from './cors';
import { BASE_SECURITY_HEADERS } from './security-headers';
import { applyServerTimeouts, SERVER_OPTIONS } from './timeouts';

const API_PREFIX = '/api';

const FIXED_HEADERS: Record<string, string> = {
  ...PUBLIC_CORS_HEADERS,
  'Content-Type': 'application/json; charset=utf-8',
  'Cache-Control': CATALOGUE_CACHE_CONTROL,
  ...BASE_SECURITY_HEADERS,
  'Cross-Origin-Resource-Policy': 'same-origin',
  Vary: 'Accept-Encoding',
};

/** Each answer's full header list, built once (a flat [name, value, ...] list is cheapest to write). */
interface HeaderLists {
  notModified: string[];
  /** Per encoding sent ('' = identity). */
  ok: Map<string, string[]>;
}
const headerLists = new WeakMap<JsonAnswer, HeaderLists>();

function headersOf(answer: JsonAnswer, encoding: string, length: number): { ok: string[]; notModified: string[] } {
  let lists = headerLists.get(answer);
  if (!lists) {
    lists = { notModified: [...Object.entries(FIXED_HEADERS).flat(), 'ETag', answer.etag], ok: new Map() };
    headerLists.set(answer, lists);
  }
  let ok = lists.ok.get(encoding);
  if (!ok) {
    ok = [...lists.notModified, 'Content-Length', String(length), ...(encoding ? ['Content-Encoding', encoding] : [])];
    lists.ok.set(encoding, ok);
  }
  return { ok, notModified: lists.notModified };
}

/** Answers the request if it is a catalogue read held in memory; returns whether it did. */
export function answerFromCatalogue(catalogue: Catalogue, req: IncomingMessage, res: ServerResponse): boolean {
  const { method, url } = req;
  if ((method !== 'GET' && method !== 'HEAD') || !url?.startsWith(`${API_PREFIX}/`)) return false;
  const answer = catalogue.answer(url.slice(API_PREFIX.length));
  if (!answer) return false;
  const { body, encoding } = encodedBody(answer, req.headers['accept-encoding']);
  const headers = headersOf(answer, encoding ?? '', body.length);
  if (etagMatches(req.headers['if-none-match'], answer.etag)) {
    res.writeHead(304, headers.notModified);
    res.end();
    return true;
  }
  res.writeHead(200, headers.ok);
  res.end(method === 'HEAD' ? undefined : body);
  return true;
}

/** A Fastify `serverFactory`: the catalogue fast path first, then Fastify for everything else. */
export function serverWithCatalogueFastPath(catalogue: Catalogue) {
  return (fastifyHandler: RequestListener): http.Server => {
    const server = http.createServer(SERVER_OPTIONS, (req, res) => {
      if (!answerFromCatalogue(catalogue, req, res)) fastifyHandler(req, res);
    });
    applyServerTimeouts(server);
    return server;
  };
}
