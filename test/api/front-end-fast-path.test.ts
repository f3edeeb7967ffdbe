/**
 * The front end's fast path (server/http/front-end-fast-path.ts) answers built files and already
 * rendered pages over real HTTP before Fastify. app.inject() goes through Fastify's routes only,
 * so comparing the two proves the fast path sends exactly what the routes send, and the handler
 * channel proves which one answered.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { startTestServer, type TestServer } from '../support/server';
import { comparableHeaders, fastifyHandlersDuring } from '../support/fast-path';
import { staffToken } from '../support/lead-fixtures';
import { createEvent, person, register } from '../support/events';
import { eventPaths } from '../../src/events-contract';

const STARTUP_TIMEOUT_MS = 120_000;
const PROGRAM = '/full-time/network-specialist-diploma';
const PAGES = ['/', PROGRAM, '/part-time-courses/cisco/ccna/ccna', '/calendar'];

describe('built files and rendered pages over HTTP (fast path)', () => {
  let server: TestServer;
  let files: string[];
  const http = (path: string, init?: RequestInit) => fetch(`${server.url}${path}`, init);
  beforeAll(async () => {
    server = await startTestServer();
    const home = await (await http('/')).text();
    const app = /<script type="module"[^>]* src="(\/assets\/app-[^"]+\.js)"/.exec(home)?.[1];
    const css = /<link rel="stylesheet" href="(\/assets\/[^"]+\.css)"/.exec(home)?.[1];
    files = ['/widget/college-inquiry.js', '/widget/college-inquiry-form.js', app ?? 'missing app script', css ?? 'missing stylesheet'];
  }, STARTUP_TIMEOUT_MS);
  afterAll(async () => {
    await server.close();
  });

  test('a page is rendered by Fastify once; later requests never reach a route handler', async () => {
    for (const path of PAGES) {
      // The page's route, and for a page with events beside it (a program, the calendar) its read of GET /api/events.
      expect(await fastifyHandlersDuring(async () => void (await http(path)).text())).toBeLessThanOrEqual(2);
      expect(await fastifyHandlersDuring(async () => expect((await http(path)).status).toBe(200))).toBe(0);
    }
    expect(
      await fastifyHandlersDuring(async () => {
        for (const path of files) expect((await http(path)).status).toBe(200);
      }),
    ).toBe(0);
  });

  test('same status, headers and bytes as the Fastify routes, for every encoding', async () => {
    for (const path of [...PAGES, ...files]) {
      for (const encoding of ['identity', 'gzip', 'gzip, deflate, br']) {
        const headers = { 'accept-encoding': encoding };
        const viaHttp = await http(path, { headers });
        const viaRoute = await server.app.inject({ method: 'GET', url: path, headers });
        expect([path, viaHttp.status]).toEqual([path, viaRoute.statusCode]);
        const sent = viaRoute.headers['content-encoding'];
        const routeBody =
          sent === 'gzip'
            ? gunzipSync(viaRoute.rawPayload).toString('utf8')
            : sent === 'br'
              ? brotliDecompressSync(viaRoute.rawPayload).toString('utf8')
              : viaRoute.body;
        expect(await viaHttp.text()).toBe(routeBody);
        expect(comparableHeaders(Object.fromEntries(viaHttp.headers))).toEqual(comparableHeaders(viaRoute.headers));
      }
    }
  });

  test('If-None-Match gets 304; HEAD gets the headers only', async () => {
    const first = await http(PROGRAM);
    const etag = first.headers.get('etag') ?? '';
    for (const encoding of ['identity', 'br']) {
      const headers = { 'If-None-Match': etag, 'Accept-Encoding': encoding };
      const again = await http(PROGRAM, { headers });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe('');
      const viaRoute = await server.app.inject({ method: 'GET', url: PROGRAM, headers });
      expect(comparableHeaders(Object.fromEntries(again.headers))).toEqual(comparableHeaders(viaRoute.headers));
    }
    const head = await http(PROGRAM, { method: 'HEAD', headers: { 'accept-encoding': 'identity' } });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get('content-length'))).toBe(Buffer.byteLength(await first.text()));
  });

  test('queries, redirects, unknown paths and forwarded requests go to Fastify', async () => {
    const handled = await fastifyHandlersDuring(async () => {
      expect((await http('/calendar?course_type=2')).status).toBe(200);
      const moved = await http('/second-career', { redirect: 'manual' });
      expect(moved.status).toBe(301);
      expect((await http('/no-such-page')).status).toBe(404);
      expect((await http('/', { headers: { 'X-Forwarded-Proto': 'https' } })).status).toBe(200);
      expect((await http('/widget/no-such-file.js')).status).toBe(404);
    });
    // Five, and the filtered calendar's read of its events (issue 31).
    expect(handled).toBe(6);
  });

  test('a catalogue change retires the rendered pages at once', async () => {
    await http('/part-time-courses/cisco/ccna/ccna');
    await server.db.pool.query(`UPDATE courses SET course_name = 'CCNA (renamed)' WHERE slug = 'ccna'`);
    await server.ctx.catalogue.reload();
    expect(await (await http('/part-time-courses/cisco/ccna/ccna')).text()).toContain('CCNA (renamed)');
  });

  test('a kept page with events shows them as they are: a new one, a full one as full, a cancelled one gone (issue 31)', async () => {
    const token = await staffToken(server);
    const programId = server.ctx.catalogue.courses().find((course) => course.path === PROGRAM)?._id;
    /** The event's card in the page's "Information sessions and open houses", or '' when it is not there. */
    const cardOf = async (path: string, title: string) => {
      const html = await (await http(path)).text();
      const section = /<section [^>]*class="content-section upcoming-events"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
      return section.split('<li class="card event-card">').find((card) => card.includes(`>${title}</a>`)) ?? '';
    };
    for (const path of [PROGRAM, '/calendar']) expect(await cardOf(path, 'Kept page session')).toBe('');

    const event = await createEvent(server, token, { title: 'Kept page session', capacity: 1, course_ids: programId ? [programId] : [] });
    for (const path of [PROGRAM, '/calendar']) expect(await cardOf(path, 'Kept page session')).toContain('1 seat left');
    // Rendered again once, then kept: a request never reaches a route.
    expect(await fastifyHandlersDuring(async () => expect((await http(PROGRAM)).status).toBe(200))).toBe(0);

    expect((await register(server, event.id, person())).statusCode).toBe(201);
    for (const path of [PROGRAM, '/calendar']) expect(await cardOf(path, 'Kept page session')).toContain('Full — join the waitlist');

    const auth = { authorization: `Bearer ${token}` };
    const cancelled = await server.app.inject({ method: 'POST', url: `/api${eventPaths.crmCancel(event.id)}`, headers: auth });
    expect(cancelled.statusCode).toBe(200);
    for (const path of [PROGRAM, '/calendar']) expect(await cardOf(path, 'Kept page session')).toBe('');
  });
});
