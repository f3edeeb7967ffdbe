/**
 * One writer of precompressed answers (server/http/send-representation.ts): a built file, a
 * catalogue JSON answer and a rendered page are negotiated and revalidated alike, through the
 * Fastify routes and over HTTP on the fast path in front of them, with the same cases:
 * Accept-Encoding with q-values (`br;q=0`, `*`, `identity`), one ETag per coding, and
 * If-None-Match with lists, weak tags and `*`.
 */
import http from 'node:http';
import { startTestServer, type TestServer } from '../support/server';

const STARTUP_TIMEOUT_MS = 120_000;

const KINDS = [
  ['built file', '/widget/college-inquiry.js'],
  ['catalogue JSON', '/api/courses'],
  ['rendered page', '/full-time-courses'],
] as const;

/** Accept-Encoding → the coding sent (null: the plain bytes). */
const CODINGS: readonly [string | undefined, string | null][] = [
  [undefined, null],
  ['br', 'br'],
  ['gzip', 'gzip'],
  ['gzip, deflate, br', 'br'],
  ['BR', 'br'],
  ['br;q=0, gzip', 'gzip'],
  ['br; q=0.0, gzip;q=1', 'gzip'],
  ['br;q=0.5, gzip;q=0.9', 'gzip'],
  ['gzip;q=0.5, br', 'br'],
  ['*', 'br'],
  ['*;q=0, gzip', 'gzip'],
  ['gzip;q=0, br;q=0', null],
  ['identity', null],
  // Nothing acceptable: the plain bytes all the same (never a 406).
  ['identity;q=0, br;q=0, gzip;q=0', null],
];

interface Answer {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: Buffer;
}

describe('precompressed answers: built files, catalogue JSON and rendered pages alike', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    // The fast path holds a page once it has been rendered.
    for (const [, path] of KINDS) await server.app.inject({ method: 'GET', url: path });
  }, STARTUP_TIMEOUT_MS);
  afterAll(async () => {
    await server.close();
  });

  /** Over HTTP, headers exactly as given (fetch would add its own Accept-Encoding and decode). */
  const overHttp = (path: string, headers: Record<string, string>, method = 'GET') =>
    new Promise<Answer>((resolve, reject) => {
      const req = http.request(`${server.url}${path}`, { method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on('error', reject);
      req.end();
    });
  const viaFastify = async (path: string, headers: Record<string, string>, method: 'GET' | 'HEAD' = 'GET'): Promise<Answer> => {
    const res = await server.app.inject({ method, url: path, headers });
    return { status: res.statusCode, headers: res.headers, body: res.rawPayload };
  };
  const WAYS = [
    ['Fastify', viaFastify],
    ['fast path', overHttp],
  ] as const;

  describe.each(KINDS)('%s (%s)', (_kind, path) => {
    test.each(WAYS)('Accept-Encoding with q-values (%s)', async (_way, get) => {
      for (const [accept, coding] of CODINGS) {
        const res = await get(path, accept === undefined ? {} : { 'accept-encoding': accept });
        expect({ accept, status: res.status, coding: res.headers['content-encoding'] ?? null }).toEqual({ accept, status: 200, coding });
        expect(res.headers.vary).toBe('Accept-Encoding');
        expect(Number(res.headers['content-length'])).toBe(res.body.length);
      }
    });

    test.each(WAYS)('one strong ETag per coding; If-None-Match with lists, weak tags and * (%s)', async (_way, get) => {
      const tags = await Promise.all(
        ['identity', 'gzip', 'br'].map(async (coding) => String((await get(path, { 'accept-encoding': coding })).headers.etag)),
      );
      for (const tag of tags) expect(tag).toMatch(/^"[^"]+"$/);
      expect(new Set(tags).size).toBe(3);
      const [plain = '', , brotli = ''] = tags;
      const hits = [plain, `W/${plain}`, `"nope", ${plain}`, `W/"nope",W/${plain}`, '*', brotli];
      for (const ifNoneMatch of hits) {
        const res = await get(path, { 'if-none-match': ifNoneMatch });
        expect({ ifNoneMatch, status: res.status, body: res.body.length }).toEqual({ ifNoneMatch, status: 304, body: 0 });
        expect(res.headers['content-encoding']).toBeUndefined();
        expect(res.headers.etag).toBe(plain);
      }
      for (const ifNoneMatch of ['"nope"', 'W/"nope"', plain.slice(0, -2) + '"']) {
        expect({ ifNoneMatch, status: (await get(path, { 'if-none-match': ifNoneMatch })).status }).toEqual({ ifNoneMatch, status: 200 });
      }
    });

    test.each(WAYS)('HEAD gets the headers only (%s)', async (_way, get) => {
      const full = await get(path, { 'accept-encoding': 'br' });
      const head = await get(path, { 'accept-encoding': 'br' }, 'HEAD');
      expect(head.status).toBe(200);
      expect(head.body.length).toBe(0);
      expect(head.headers['content-length']).toBe(String(full.body.length));
      expect(head.headers.etag).toBe(full.headers.etag);
    });
  });

  test('answers compressed per request (search) read Accept-Encoding the same way', async () => {
    for (const [accept, coding] of CODINGS) {
      const res = await viaFastify('/api/search?q=network&limit=50', accept === undefined ? {} : { 'accept-encoding': accept });
      expect({ accept, coding: res.headers['content-encoding'] ?? null }).toEqual({ accept, coding });
    }
  });
});
