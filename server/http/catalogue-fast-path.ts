/**
 * The busiest reads — the course lists every page and every embedded widget asks for — are
 * answered straight from the in-memory catalogue on the raw Node request (see fast-paths.ts).
 *
 * Only exact URLs the catalogue already holds an answer for are taken here (its keys are the
 * URLs under /api), with exactly the headers the Fastify route sends. Anything else — a bad
 * parameter, an unknown slug, an extra query field, another method — goes on to Fastify, which
 * validates it and answers with its usual messages.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Catalogue, JsonAnswer } from '../catalogue/catalogue';
import { CATALOGUE_CACHE_CONTROL, chooseRepresentation, etagMatches, type Representation } from '../catalogue/json-answer';
import { PUBLIC_CORS_HEADERS } from './cors';
import { BASE_SECURITY_HEADERS } from './security-headers';
import type { FastPath } from './fast-paths';

const API_PREFIX = '/api';

const FIXED_HEADERS: Record<string, string> = {
  ...PUBLIC_CORS_HEADERS,
  'Content-Type': 'application/json; charset=utf-8',
  'Cache-Control': CATALOGUE_CACHE_CONTROL,
  Vary: 'Accept-Encoding',
  ...BASE_SECURITY_HEADERS,
  'Cross-Origin-Resource-Policy': 'same-origin',
};

/** Each representation's full header list, built once (a flat [name, value, ...] list is cheapest to write). */
const headerLists = new WeakMap<Buffer, { ok: string[]; notModified: string[] }>();

function headersOf(chosen: Representation): { ok: string[]; notModified: string[] } {
  let lists = headerLists.get(chosen.body);
  if (!lists) {
    const encoding = chosen.encoding ? ['Content-Encoding', chosen.encoding] : [];
    const notModified = [...Object.entries(FIXED_HEADERS).flat(), 'ETag', chosen.etag, ...encoding];
    lists = { ok: [...notModified, 'Content-Length', String(chosen.body.length)], notModified };
    headerLists.set(chosen.body, lists);
  }
  return lists;
}

/** Answers the request if it is a catalogue read held in memory; returns whether it did. */
export function answerFromCatalogue(catalogue: Catalogue, req: IncomingMessage, res: ServerResponse): boolean {
  const { method, url } = req;
  if ((method !== 'GET' && method !== 'HEAD') || !url?.startsWith(`${API_PREFIX}/`)) return false;
  const answer = catalogue.answer(url.slice(API_PREFIX.length));
  if (!answer) return false;
  const chosen = chooseRepresentation(answer, req.headers['accept-encoding']);
  const headers = headersOf(chosen);
  if (etagMatches(req.headers['if-none-match'], chosen.etag)) {
    res.writeHead(304, headers.notModified);
    res.end();
    return true;
  }
  res.writeHead(200, headers.ok);
  res.end(method === 'HEAD' ? undefined : chosen.body);
  return true;
}

/** The catalogue fast path, for serverWithFastPaths. */
export const catalogueFastPath = (catalogue: Catalogue): FastPath => (req, res) => answerFromCatalogue(catalogue, req, res);
