/**
 * One read path for public data (server/catalogue/public-read.ts): the API routes, server
 * rendering and the site name each answer by the same path (src/public-api.ts) and get the same
 * status, message and data; the page's status is the one its component declares.
 */
import { publicApiPaths } from '../../src/public-api';
import { startTestServer, type TestServer } from '../support/server';

const STARTUP_TIMEOUT_MS = 120_000;

type Embedded = Record<string, { ok: boolean; status?: number; message?: string; body?: unknown; data?: unknown }>;

describe('one read path for the API, the fast path and server rendering', () => {
  let server: TestServer;
  const get = (url: string) => server.app.inject({ method: 'GET', url });
  const embedded = (html: string): Embedded =>
    JSON.parse(/<script type="application\/json" id="page-data">([^<]*)<\/script>/.exec(html)?.[1] ?? '{}') as Embedded;
  beforeAll(async () => {
    server = await startTestServer({ listen: false });
  }, STARTUP_TIMEOUT_MS);
  afterAll(async () => {
    await server.close();
  });

  test('every public API path the site names is one the routes answer', async () => {
    const paths = [
      publicApiPaths.names(1),
      publicApiPaths.names(2),
      publicApiPaths.courses(),
      publicApiPaths.coursesOfType(2),
      publicApiPaths.coursesOfType(1, 3),
      publicApiPaths.course('ccna'),
      publicApiPaths.category(2, 'cisco'),
      publicApiPaths.category(2, 'cisco', 'ccnp', 1),
      publicApiPaths.nextIntakes(),
      publicApiPaths.intakes(null, null),
      publicApiPaths.intakes(1, 2),
      publicApiPaths.announcements(),
      publicApiPaths.announcements(1),
      publicApiPaths.bannerOffers(),
      publicApiPaths.professors(),
      publicApiPaths.kpi(),
      publicApiPaths.search('linux'),
      publicApiPaths.search('linux', true),
    ];
    for (const path of paths) expect({ path, status: (await get(`/api${path}`)).statusCode }).toEqual({ path, status: 200 });
  });

  test.each([
    ['/course/no-such-course', publicApiPaths.course('no-such-course'), 404],
    ['/course/ccnp-routing-and-switching', publicApiPaths.course('ccnp-routing-and-switching'), 410],
    ['/part-time-courses/cisco/no-such-sub', publicApiPaths.category(2, 'cisco', 'no-such-sub', 1), 404],
  ])('%s embeds what GET /api%s answers (%s)', async (url, apiPath, status) => {
    const page = await get(url);
    expect(page.statusCode).toBe(status);
    const api = await get(`/api${apiPath}`);
    expect(api.statusCode).toBe(status);
    const body = api.json<{ message: string }>();
    expect(embedded(page.body)[apiPath]).toEqual({ ok: false, status, message: body.message, body });
  });

  test('a search page reads through the API’s search result cache and limits', async () => {
    const apiPath = publicApiPaths.search('linux');
    const answered = (await get(`/api${apiPath}`)).json<unknown>();
    // Changed in the database only: a cached answer does not see it until it expires or the catalogue changes.
    await server.db.pool.query(`UPDATE courses SET course_name = course_name || ' (renamed)'`);
    expect(embedded((await get('/search/keyword?query=linux')).body)[apiPath]).toEqual({ ok: true, data: answered });

    const long = 'x'.repeat(201);
    const refused = await get(`/api${publicApiPaths.search(long)}`);
    expect(refused.statusCode).toBe(400);
    const message = refused.json<{ message: string }>().message;
    expect(embedded((await get(`/search/keyword?query=${long}`)).body)[publicApiPaths.search(long)]).toEqual({
      ok: false,
      status: 400,
      message,
      body: { message },
    });
  });

  test('a page past the last of a category renders the 404 page and says 404', async () => {
    expect((await get(`/api${publicApiPaths.category(2, 'cisco', 'ccnp', 99)}`)).statusCode).toBe(404);
    const page = await get('/part-time-courses/cisco/ccnp?page=99');
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('Sorry! This page not found.');
    expect((await get('/part-time-courses/cisco/ccnp?page=1')).statusCode).toBe(200);
  });
});
