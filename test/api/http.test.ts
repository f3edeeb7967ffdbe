/**
 * The HTTP layer shared by every route: error shapes, body limits, CORS, security headers,
 * serving the built site and widget from memory, and a clean shutdown.
 */
import zlib from 'node:zlib';
import type { InjectOptions } from 'fastify';
import { startTestServer, type TestServer } from '../support/server';

describe('HTTP layer', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ listen: false });
  });
  afterAll(async () => {
    await server.close();
  });
  const inject = (options: InjectOptions) => server.app.inject(options);

  test('a body over the limit gets 413 with a JSON message', async () => {
    const res = await inject({
      method: 'POST',
      url: '/api/leads',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ first_name: 'x'.repeat(20_000) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ message: 'The request is too large.' });
  });

  test('malformed JSON gets 400 with a message, never a stack', async () => {
    const res = await inject({
      method: 'POST',
      url: '/api/users/signin',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The request body is not valid JSON.' });
    expect(res.body).not.toMatch(/at .*\.ts:\d+/);
  });

  test('an unknown /api path is JSON 404 even with a trailing segment the site would match', async () => {
    const res = await inject({ method: 'GET', url: '/api/does/not/exist' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/json/);
  });

  test('CORS: lead creation and catalogue reads are open to any origin; staff calls are not', async () => {
    const preflight = await inject({
      method: 'OPTIONS',
      url: '/api/leads',
      headers: {
        origin: 'https://partner.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,idempotency-key',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    expect(String(preflight.headers['access-control-allow-headers'])).toMatch(/Idempotency-Key/);
    const catalogue = await inject({ method: 'GET', url: '/api/courses', headers: { origin: 'https://partner.example' } });
    expect(catalogue.headers['access-control-allow-origin']).toBe('*');
    for (const url of ['/api/crm/leads', '/api/users/signin']) {
      const res = await inject({
        method: 'OPTIONS',
        url,
        headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
      });
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
    }
  });

  test('site pages carry a strict CSP and security headers; the shell is revalidated', async () => {
    const res = await inject({ method: 'GET', url: '/about-us' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("script-src 'self' 'unsafe-inline'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['cache-control']).toBe('no-cache');
    const again = await inject({ method: 'GET', url: '/about-us', headers: { 'if-none-match': String(res.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  test('unknown paths get the shell with status 404', async () => {
    const res = await inject({ method: 'GET', url: '/no-such-page' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/text\/html/);
  });

  test('the widget script is served precompressed and loadable from other origins', async () => {
    const res = await inject({ method: 'GET', url: '/widget/college-inquiry.js', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['content-type']).toMatch(/javascript/);
    const script = zlib.gunzipSync(res.rawPayload).toString('utf8');
    expect(script.startsWith('/*! College Inquiry widget v')).toBe(true);
    const brotli = await inject({ method: 'GET', url: '/widget/college-inquiry.js', headers: { 'accept-encoding': 'gzip, br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
  });

  test('hashed site assets are cached immutably', async () => {
    const shell = (await inject({ method: 'GET', url: '/' })).body;
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(shell)?.[1];
    expect(script).toBeDefined();
    const res = await inject({ method: 'GET', url: script ?? '' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  test('robots.txt keeps crawlers out of the CRM and names the sitemap', async () => {
    const robots = await inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.body).toContain('Disallow: /crm');
    expect(robots.body).toMatch(/Sitemap: .*\/sitemap\.xml/);
    const sitemap = await inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.body).toContain('/financial-aid</loc>');
    expect(sitemap.body).not.toContain('/crm');
  });
});

test('close() drains and closes the database; health reports a lost database as 503', async () => {
  const server = await startTestServer({ listen: false });
  await server.db.pool.end();
  const res = await server.app.inject({ method: 'GET', url: '/api/health' });
  expect(res.statusCode).toBe(503);
  expect(res.json()).toMatchObject({ status: 'degraded', database: 'down' });
  await server.close();
});
