/**
 * The public decision content (issue 12): course details carry fees, admission, outcomes and KPI
 * figures; GET /api/professors and GET /api/kpi are served from memory and follow the catalogue
 * (an inactive course leaves both; an edit shows after the catalogue reloads).
 */
import { startTestServer, type TestServer } from '../support/server';
import { testDatabaseKinds } from '../support/database';
import type { CourseDetail, CourseSummary } from '../../src/contract';
import type { ProgramKpi, Professor } from '../../src/catalogue-content';
import { IMAGE_FILES } from '../../site/lib/image-files';

const STARTUP_TIMEOUT_MS = 120_000;

describe.each(testDatabaseKinds())('decision content (%s)', (kind) => {
  let server: TestServer;
  const get = (url: string, headers: Record<string, string> = {}) => server.app.inject({ method: 'GET', url, headers });
  beforeAll(async () => {
    server = await startTestServer({ kind, listen: false });
  }, STARTUP_TIMEOUT_MS);
  afterAll(async () => {
    await server.close();
  });

  test('a vocational program carries its fees, requirements, outcomes and KPI figures', async () => {
    const course = (await get('/api/courses/slug/network-specialist-diploma')).json<CourseDetail>();
    expect(course.fees).toEqual(
      expect.objectContaining({ domestic_tuition: 18900, international_tuition: 26500, books_materials: 1250, exam_vouchers: 950 }),
    );
    expect(course.fees?.payment_plan).toMatch(/instalments/);
    expect(course.admission?.english_tests.map((t) => t.test)).toEqual(['IELTS Academic', 'TOEFL iBT', 'Duolingo English Test']);
    expect(course.admission?.mature_student).toMatch(/mature students/);
    expect(course.outcomes?.job_titles).toContain('Network technician');
    expect(course.kpi).toEqual({
      reporting_year: '2023–2024',
      graduation_rate: 84,
      employment_rate: 81,
      employment_in_field: 68,
      graduate_satisfaction: 88,
      employer_satisfaction: 92,
    });
  });

  test('a part-time course has fees with its exam voucher and no KPI figures; lists stay lean', async () => {
    const course = (await get('/api/courses/slug/ccna')).json<CourseDetail>();
    expect(course.fees).toEqual(expect.objectContaining({ domestic_tuition: 2450, exam_vouchers: 415 }));
    expect(course.kpi).toBeNull();
    const list = (await get('/api/courses/search?course_type=1')).json<CourseSummary[]>();
    for (const summary of list) expect(Object.keys(summary)).not.toEqual(expect.arrayContaining(['fees']));
  });

  test('GET /api/kpi lists every vocational program with figures, in menu order, with its page', async () => {
    const res = await get('/api/kpi');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toMatch(/public/);
    const body = res.json<ProgramKpi[]>();
    expect(body.length).toBe(8);
    expect(body[0]).toEqual(
      expect.objectContaining({
        slug: 'network-specialist-diploma',
        path: '/full-time/network-specialist-diploma',
        course_name: 'Network Specialist Diploma',
      }),
    );
    for (const entry of body) expect(entry.kpi.employment_in_field).toBeLessThanOrEqual(entry.kpi.employment_rate);
    const etag = res.headers.etag as string;
    expect((await get('/api/kpi', { 'if-none-match': etag })).statusCode).toBe(304);
  });

  test('GET /api/professors lists the sample instructors with the pages of their courses', async () => {
    const body = (await get('/api/professors')).json<Professor[]>();
    expect(body.length).toBe(8);
    const first = body[0]!;
    expect(first).toEqual(expect.objectContaining({ name: 'Daniel Okafor', sample: true, photo: null }));
    expect(first.courses.map((c) => c.path)).toEqual([
      '/full-time/network-specialist-diploma',
      '/part-time-courses/cisco/ccna/ccna',
      '/part-time-courses/cisco/ccnp/ccnp-enterprise',
    ]);
    expect(first._id).toMatch(/^[0-9a-f]{24}$/);
  });

  test('the site illustrations are served under their hashed names, immutable, sized and script-free', async () => {
    for (const image of Object.values(IMAGE_FILES)) {
      const res = await get(image.src);
      expect({ src: image.src, status: res.statusCode, type: res.headers['content-type'] }).toEqual({
        src: image.src,
        status: 200,
        type: 'image/svg+xml',
      });
      expect(res.headers['cache-control']).toMatch(/immutable/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.body.length).toBeLessThan(4096);
      expect(res.body).toContain(`width="${image.width}" height="${image.height}"`);
      expect(res.body).not.toMatch(/<script|<image|style=|href=/i);
    }
  });

  test('an edit, a photo and a deactivated course show after the catalogue reloads', async () => {
    const pool = server.db.pool;
    await pool.query(
      `UPDATE courses SET kpi = jsonb_set(kpi, '{graduation_rate}', '90'), fees = jsonb_set(fees, '{domestic_tuition}', '19500') WHERE slug = 'network-specialist-diploma'`,
    );
    await pool.query(`UPDATE courses SET status = 2 WHERE slug = 'ccna'`);
    const [daniel] = (await pool.query<{ id: string }>(`SELECT id FROM professors WHERE name = 'Daniel Okafor'`)).rows;
    await pool.query(
      `INSERT INTO professor_photos (id, professor_id, content_type, width, height, bytes) VALUES ('ab12cd34ef56ab12cd34ef56', $1, 'image/webp', 320, 320, '\\x00')`,
      [daniel!.id],
    );
    await server.ctx.catalogue.reload();
    const course = (await get('/api/courses/slug/network-specialist-diploma')).json<CourseDetail>();
    expect(course.fees?.domestic_tuition).toBe(19500);
    expect((await get('/api/kpi')).json<ProgramKpi[]>()[0]?.kpi.graduation_rate).toBe(90);
    const professor = (await get('/api/professors')).json<Professor[]>()[0]!;
    expect(professor.photo).toEqual({ url: '/media/professors/ab12cd34ef56ab12cd34ef56.webp', width: 320, height: 320 });
    expect(professor.courses.map((c) => c.slug)).toEqual(['network-specialist-diploma', 'ccnp-enterprise']);
  });
});
