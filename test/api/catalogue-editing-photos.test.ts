/**
 * Professor photo uploads: a real PNG is accepted, stored in the database and served by its random
 * id with nosniff and a CSP; the type is read from the bytes (HTML sent as image/png is 415); more
 * than 2 MB is 413; ids that try to walk out of the folder or guess are 404.
 */
import { startTestServer, type TestServer } from '../support/server';
import { testDatabaseKinds } from '../support/database';
import { staffToken } from '../support/lead-fixtures';
import { call } from '../support/catalogue-editing';
import { tinyPng } from '../support/images';
import type { CatalogueProfessor } from '../../src/crm-catalogue-contract';

const START_TIMEOUT_MS = 120_000;

describe.each(testDatabaseKinds())('professor photos (%s)', (kind) => {
  let server: TestServer;
  let admin: string;
  let professor: CatalogueProfessor;
  beforeAll(async () => {
    server = await startTestServer({ kind, listen: false });
    admin = await staffToken(server);
    professor = (await call(server, 'POST', '/api/crm/catalogue/professors', admin, {
      name: 'Robin Sample', title: 'Instructor', credentials: [], bio: '', course_ids: [], position: 0, sample: true,
    })).json<CatalogueProfessor>();
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await server.close();
  });

  const upload = (body: Buffer, type: string, token: string | null = admin) => server.app.inject({
    method: 'PUT', url: `/api/crm/catalogue/professors/${professor._id}/photo`,
    headers: { 'content-type': type, ...(token ? { authorization: `Bearer ${token}` } : {}) }, payload: body,
  });

  test('a PNG is accepted and served by its random id with nosniff, a CSP and long caching; deleting removes it', async () => {
    const png = tinyPng();
    // The type comes from the bytes: even a wrong header is stored as what the bytes are.
    const res = await upload(png, 'application/octet-stream');
    expect(res.statusCode).toBe(200);
    const photo = res.json<CatalogueProfessor>().photo;
    expect(photo).toMatchObject({ width: 3, height: 2 });
    expect(photo?.url).toMatch(/^\/media\/professors\/[0-9a-f]{24}\.png$/);
    const served = await server.app.inject({ method: 'GET', url: photo?.url ?? '' });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toMatch(/default-src 'none'/);
    expect(served.headers['cache-control']).toMatch(/immutable/);
    expect(served.rawPayload.equals(png)).toBe(true);

    const again = await upload(png, 'image/png');
    const newUrl = again.json<CatalogueProfessor>().photo?.url;
    expect(newUrl).not.toBe(photo?.url);
    expect((await server.app.inject({ method: 'GET', url: photo?.url ?? '' })).statusCode).toBe(404);

    const removed = await call(server, 'DELETE', `/api/crm/catalogue/professors/${professor._id}/photo`, admin);
    expect([removed.status, removed.json<CatalogueProfessor>().photo]).toEqual([200, null]);
    expect((await server.app.inject({ method: 'GET', url: newUrl ?? '' })).statusCode).toBe(404);
  });

  test('HTML sent as image/png is 415; an empty body is 400; more than 2 MB is 413; no sign-in is 401', async () => {
    const html = await upload(Buffer.from('<html><script>alert(1)</script></html>'), 'image/png');
    expect([html.statusCode, html.json().message]).toEqual([415, expect.stringMatching(/JPEG, PNG or WebP/)]);
    const svg = await upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), 'image/svg+xml');
    expect(svg.statusCode).toBe(415);
    expect((await upload(Buffer.alloc(0), 'image/png')).statusCode).toBe(400);
    const big = Buffer.concat([tinyPng(), Buffer.alloc(2 * 1024 * 1024)]);
    const tooBig = await upload(big, 'image/png');
    expect([tooBig.statusCode, typeof tooBig.json().message]).toEqual([413, 'string']);
    expect((await upload(tinyPng(), 'image/png', null)).statusCode).toBe(401);
  });

  test.each([
    '/media/professors/..%2F..%2Fetc%2Fpasswd', '/media/professors/../../package.json', '/media/professors/%2e%2e%2fserver.ts',
    `/media/professors/${'0'.repeat(24)}.png`, `/media/professors/${'0'.repeat(24)}`, '/media/professors/abc.webp',
  ])('%s is 404', async (url) => {
    const res = await server.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toMatch(/"dependencies"|root:x:|import type/);
  });
});
