/**
 * The catalogue fast path (server/http/catalogue-fast-path.ts) answers course-list reads over
 * real HTTP before Fastify. app.inject() goes through Fastify's routes only, so comparing the two
 * proves the fast path sends exactly what the routes send — and that everything it must not
 * answer still reaches Fastify.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { startTestServer, type TestServer } from '../support/server';
import { comparableHeaders, fastifyHandlersDuring } from '../support/fast-path';

const STARTUP_TIMEOUT_MS = 120_000;
const CATALOGUE_READS = [
  '/api/courses/names-website?course_type=1',
  '/api/courses/names-website?course_type=2',
  '/api/courses',
  '/api/courses/search?course_type=3',
  '/api/courses/slug/ccna',
  '/api/announcements',
];

describe('catalogue reads over HTTP (fast path)', () => {
  let server: TestServer;
  const http = (path: string, init?: RequestInit) => fetch(`${server.url}${path}`, init);
  beforeAll(async () => {
    server = await startTestServer();
  }, STARTUP_TIMEOUT_MS);
  afterAll(async () => {
    await server.close();
  });

  test.each(
    CATALOGUE_READS.flatMap((path) => [
      [path, 'identity'],
      [path, 'gzip, deflate, br'],
    ]),
  )('%s (Accept-Encoding: %s): same status, headers and bytes as the Fastify route', async (path, encoding) => {
    const headers = { 'accept-encoding': encoding };
    const [viaHttp, viaRoute] = await Promise.all([http(path, { headers }), server.app.inject({ method: 'GET', url: path, headers })]);
    expect(viaHttp.status).toBe(200);
    expect(viaRoute.statusCode).toBe(200);
    // fetch decompresses; inject hands over the bytes as sent.
    const sent = viaRoute.headers['content-encoding'];
    const routeBody =
      sent === 'gzip'
        ? gunzipSync(viaRoute.rawPayload).toString('utf8')
        : sent === 'br'
          ? brotliDecompressSync(viaRoute.rawPayload).toString('utf8')
          : viaRoute.body;
    expect(await viaHttp.text()).toBe(routeBody);
    expect(comparableHeaders(Object.fromEntries(viaHttp.headers))).toEqual(comparableHeaders(viaRoute.headers));
  });

  test('the course lists are compressed for clients that accept gzip, and cacheable', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/courses', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const plain = await server.app.inject({ method: 'GET', url: '/api/courses' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(gunzipSync(res.rawPayload).toString('utf8'))).toEqual(plain.json());
    const again = await server.app.inject({
      method: 'GET',
      url: '/api/courses',
      headers: { 'accept-encoding': 'gzip', 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    const brotli = await server.app.inject({ method: 'GET', url: '/api/courses', headers: { 'accept-encoding': 'gzip, br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.etag).not.toBe(res.headers.etag);
    const refused = await server.app.inject({ method: 'GET', url: '/api/courses', headers: { 'accept-encoding': 'gzip;q=0, br;q=0' } });
    expect(refused.headers['content-encoding']).toBeUndefined();
  });

  test('over HTTP the course lists never reach a Fastify route handler; other calls do', async () => {
    expect(
      await fastifyHandlersDuring(async () => {
        for (const path of CATALOGUE_READS) expect((await http(path)).status).toBe(200);
      }),
    ).toBe(0);
    expect(
      await fastifyHandlersDuring(async () => {
        await server.app.inject({ method: 'GET', url: CATALOGUE_READS[0] });
        // An extra query field is not a key the catalogue holds: the route answers it.
        expect((await http('/api/courses?from=partner')).status).toBe(200);
      }),
    ).toBe(2);
    // A bad parameter goes on to Fastify too, whose route schema refuses it before any handler runs.
    const refused = await http('/api/courses/names-website?course_type=7');
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ message: 'course_type must be 1 (Full Time) or 2 (Part Time).' });
  });

  test('If-None-Match gets 304 with no body; HEAD gets the headers only', async () => {
    const first = await http('/api/courses/names-website?course_type=2');
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^".+"$/);
    const again = await http('/api/courses/names-website?course_type=2', { headers: { 'If-None-Match': `W/${etag}` } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    const head = await http('/api/courses/names-website?course_type=2', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(first.headers.get('content-length'));
    expect(await head.text()).toBe('');
  });

  test('bad parameters, unknown slugs and other methods still get Fastify’s JSON messages', async () => {
    const badType = await http('/api/courses/names-website?course_type=7');
    expect(badType.status).toBe(400);
    expect(((await badType.json()) as { message: string }).message).toBe('course_type must be 1 (Full Time) or 2 (Part Time).');
    const unknown = await http('/api/courses/slug/no-such-course');
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { message: string }).message).toMatch(/could not find that course/);
    const post = await http('/api/courses/names-website?course_type=2', { method: 'POST' });
    expect(post.status).toBe(404);
    expect(((await post.json()) as { message: string }).message).toMatch(/There is no API call POST/);
  });

  test('a catalogue change is served at once (the fast path reads the live catalogue)', async () => {
    await server.db.pool.query(`UPDATE courses SET course_name = 'CCNA (renamed)' WHERE slug = 'ccna'`);
    await server.ctx.catalogue.reload();
    const body = await (await http('/api/courses/names-website?course_type=2')).text();
    expect(body).toContain('"CCNA (renamed)"');
  });
});
