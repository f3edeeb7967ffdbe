/**
 * Professor photo uploads: a real PNG is accepted, re-encoded to WebP and JPEG, stored in the
 * database and served by its random id with nosniff and a CSP; the type is read from the bytes
 * (HTML sent as image/png is 415); more than 2 MB is 413; ids that try to walk out of the folder or
 * guess are 404. Issue 21: a decompression bomb (6000 × 6000) is 413 before decoding, a truncated
 * file 415, EXIF is removed, and a large picture comes back at most 1600 px on its long side.
 */
import sharp from 'sharp';
import { startTestServer, type TestServer } from '../support/server';
import { testDatabaseKinds } from '../support/database';
import { staffToken } from '../support/lead-fixtures';
import { call } from '../support/catalogue-editing';
import { tinyPng } from '../support/images';
import { PHOTO_LIMIT_BYTES } from '../../server/catalogue-edit/photo-routes';
import type { CatalogueProfessor } from '../../src/crm-catalogue-contract';

const START_TIMEOUT_MS = 120_000;

describe.each(testDatabaseKinds())('professor photos (%s)', (kind) => {
  let server: TestServer;
  let admin: string;
  let professor: CatalogueProfessor;
  beforeAll(async () => {
    server = await startTestServer({ kind, listen: false });
    admin = await staffToken(server);
    professor = (
      await call(server, 'POST', '/api/crm/catalogue/professors', admin, {
        name: 'Robin Sample',
        title: 'Instructor',
        credentials: [],
        bio: '',
        course_ids: [],
        position: 0,
        sample: true,
      })
    ).json<CatalogueProfessor>();
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await server.close();
  });

  const upload = (body: Buffer, type: string, token: string | null = admin) =>
    server.app.inject({
      method: 'PUT',
      url: `/api/crm/catalogue/professors/${professor._id}/photo`,
      headers: { 'content-type': type, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      payload: body,
    });

  test('a PNG is accepted, re-encoded and served by its random id (WebP where accepted, JPEG otherwise) with nosniff, a CSP and long caching; deleting removes it', async () => {
    const png = tinyPng();
    // The type comes from the bytes: even a wrong header is read as what the bytes are.
    const res = await upload(png, 'application/octet-stream');
    expect(res.statusCode).toBe(200);
    const photo = res.json<CatalogueProfessor>().photo;
    expect(photo).toMatchObject({ width: 3, height: 2 });
    expect(photo?.url).toMatch(/^\/media\/professors\/[0-9a-f]{24}\.webp$/);
    const served = await server.app.inject({ method: 'GET', url: photo?.url ?? '', headers: { accept: 'image/avif,image/webp,*/*' } });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers.vary).toBe('Accept');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toMatch(/default-src 'none'/);
    expect(served.headers['cache-control']).toMatch(/immutable/);
    expect(served.rawPayload.equals(png)).toBe(false);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 3, height: 2 });
    const old = await server.app.inject({ method: 'GET', url: photo?.url ?? '', headers: { accept: 'image/*' } });
    expect([old.headers['content-type'], (await sharp(old.rawPayload).metadata()).format]).toEqual(['image/jpeg', 'jpeg']);
    const jpg = await server.app.inject({ method: 'GET', url: (photo?.url ?? '').replace(/\.webp$/, '.jpg') });
    expect([jpg.statusCode, jpg.headers['content-type']]).toEqual([200, 'image/jpeg']);
    expect((await server.app.inject({ method: 'GET', url: (photo?.url ?? '').replace(/\.webp$/, '.png') })).statusCode).toBe(404);

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

  test('a 6000 × 6000 PNG (a decompression bomb of ~100 KB) is refused with 413 before decoding', async () => {
    const bomb = tinyPng(6000, 6000);
    expect(bomb.length).toBeLessThan(PHOTO_LIMIT_BYTES);
    const res = await upload(bomb, 'image/png');
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/6000 × 6000 pixels: at most 24 megapixels/);
  });

  test('a truncated PNG or JPEG is refused with 415', async () => {
    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#a33' } })
      .png()
      .toBuffer();
    const res = await upload(png.subarray(0, Math.floor(png.length * 0.6)), 'image/png');
    expect([res.statusCode, res.json().message]).toEqual([415, expect.stringMatching(/could not be read in full/)]);
    const jpeg = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#3a3' } })
      .jpeg()
      .toBuffer();
    expect((await upload(jpeg.subarray(0, Math.floor(jpeg.length / 2)), 'image/jpeg')).statusCode).toBe(415);
  });

  test('a 3000 × 2000 JPEG with EXIF comes back at 1600 × 1067 with no EXIF, turned by its orientation', async () => {
    const jpeg = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#3a7' } })
      .jpeg()
      .withExif({ IFD0: { Artist: 'Secret Photographer', Copyright: 'GPS 43.65N 79.38W' } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif?.toString('latin1')).toContain('Secret Photographer');
    const res = await upload(jpeg, 'image/jpeg');
    expect(res.statusCode).toBe(200);
    const photo = res.json<CatalogueProfessor>().photo;
    expect(photo).toMatchObject({ width: 1600, height: 1067 });
    for (const [url, accept] of [
      [photo?.url ?? '', 'image/webp'],
      [(photo?.url ?? '').replace(/\.webp$/, '.jpg'), '*/*'],
    ] as const) {
      const served = await server.app.inject({ method: 'GET', url, headers: { accept } });
      const meta = await sharp(served.rawPayload).metadata();
      expect([meta.width, meta.height, meta.exif, meta.xmp]).toEqual([1600, 1067, undefined, undefined]);
      expect(served.rawPayload.toString('latin1')).not.toMatch(/Secret Photographer|GPS 43/);
    }
    const stored = await server.db.pool.query<{ bytes: Buffer; jpeg_bytes: Buffer }>(
      'SELECT bytes, jpeg_bytes FROM professor_photos WHERE professor_id = $1',
      [professor._id],
    );
    expect(
      Buffer.concat([stored.rows[0]?.bytes ?? Buffer.alloc(0), stored.rows[0]?.jpeg_bytes ?? Buffer.alloc(0)]).toString('latin1'),
    ).not.toContain('Secret Photographer');

    // Orientation 6 (turned 90°): stored upright, so a 300 × 200 picture becomes 200 × 300.
    const turned = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#777' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const upright = await upload(turned, 'image/jpeg');
    expect(upright.json<CatalogueProfessor>().photo).toMatchObject({ width: 200, height: 300 });
  });

  test.each([
    '/media/professors/..%2F..%2Fetc%2Fpasswd',
    '/media/professors/../../package.json',
    '/media/professors/%2e%2e%2fserver.ts',
    `/media/professors/${'0'.repeat(24)}.png`,
    `/media/professors/${'0'.repeat(24)}`,
    '/media/professors/abc.webp',
  ])('%s is 404', async (url) => {
    const res = await server.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toMatch(/"dependencies"|root:x:|import type/);
  });
});
