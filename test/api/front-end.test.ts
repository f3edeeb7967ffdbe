import { startTestServer, type TestServer } from '../support/server';
import { testDatabaseKinds } from '../support/database';
import { REDIRECTS } from '../../src/redirects';

/** Starting a server (clone, migrate, seed, hash the admin password) is slow on a busy machine. */
const STARTUP_TIMEOUT_MS = 120_000;

describe.each(testDatabaseKinds())('front-end status codes, redirects and sitemap (%s)', (kind) => {
  let server: TestServer;
  const get = (url: string) => server.app.inject({ method: 'GET', url });
  beforeAll(async () => {
    server = await startTestServer({ kind, listen: false });
  }, STARTUP_TIMEOUT_MS);
  afterAll(async () => {
    await server.close();
  });

  test.each([
    '/',
    '/about-us',
    '/about-us/',
    '/full-time-courses',
    '/full-time-courses/networking',
    '/full-time/network-specialist-diploma',
    '/full-time-courses-non-vocational/english-for-it-careers',
    '/part-time-courses/cisco',
    '/part-time-courses/cisco/ccnp',
    '/part-time-courses/cisco/ccnp/ccnp-enterprise',
    '/part-time-courses/cisco/ccnp/ccnp-enterprise/',
    '/course/ccna',
    '/course/network-specialist-diploma',
    '/calendar',
    '/search/keyword?query=cisco',
  ])('%s answers the page shell with 200', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
  });

  test.each([
    '/full-time/unknown-slug',
    '/full-time/english-for-it-careers', // non-vocational program under the vocational route
    '/full-time/ccna', // part-time course under a full-time route
    '/full-time-courses-non-vocational/network-specialist-diploma',
    '/full-time-courses/cisco', // part-time category under the full-time listing
    '/part-time-courses/nothing',
    '/part-time-courses/networking',
    '/part-time-courses/linux/ccnp', // sub-category of another category
    '/part-time-courses/cisco/ccna/ccnp-enterprise', // course of another sub-category
    '/part-time-courses/cisco/ccnp/unknown-course',
    '/course/unknown',
    '/no-such-page',
  ])('%s answers the shell with 404', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/text\/html/);
  });

  test('/course/ccnp-routing-and-switching (an inactive seed course) answers 410 Gone', async () => {
    const res = await get('/course/ccnp-routing-and-switching');
    expect(res.statusCode).toBe(410);
    expect(res.headers['content-type']).toMatch(/text\/html/);
  });

  const redirects = Object.entries(REDIRECTS).flatMap(([from, to]) => [
    [from, to],
    [`${from}/`, to],
  ]);
  test.each(redirects)('%s redirects 301 to %s', async (from, to) => {
    const res = await get(from);
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe(to);
    // The target exists.
    expect((await get(to)).statusCode).toBe(200);
  });

  test('a redirect keeps the query string', async () => {
    const res = await get('/second-career?utm_source=mail');
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/better-jobs-ontario?utm_source=mail');
  });

  test('sitemap.xml lists static, category, sub-category and course pages, but no inactive course', async () => {
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    const base = server.config.siteUrl;
    for (const path of [
      '/about-us',
      '/full-time-courses/networking',
      '/part-time-courses/cisco',
      '/part-time-courses/cisco/ccnp',
      '/part-time-courses/cisco/ccnp/ccnp-enterprise',
      '/full-time/network-specialist-diploma',
      '/full-time-courses-non-vocational/english-for-it-careers',
    ]) {
      expect(res.body).toContain(`<loc>${base}${path}</loc>`);
    }
    expect(res.body).not.toContain('ccnp-routing-and-switching');
    expect(res.body).not.toContain('/crm');
  });
});
