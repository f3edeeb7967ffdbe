import { startTestServer, type TestServer } from '../support/server';
import { testDatabaseKinds } from '../support/database';
import { addMonths, todayIso } from '../../server/catalogue/dates';
import type { CourseDetail, CourseOption, CourseSummary, FullTimeNames, Intake, PartTimeNames } from '../../src/contract';

/** Starting a server (clone, migrate, seed, hash the admin password) is slow on a busy machine. */
const STARTUP_TIMEOUT_MS = 120_000;

const SUMMARY_KEYS = [
  '_id',
  'category',
  'certification',
  'course_name',
  'course_type',
  'delivery_mode',
  'duration',
  'duration_unit',
  'path',
  'slug',
  'status',
  'sub_category',
  'summary',
  'vocational',
].sort();
const keys = (value: object) => Object.keys(value).sort();
const RETIRED = 'ccnp-routing-and-switching';

describe.each(testDatabaseKinds())('catalogue reads (%s)', (kind) => {
  let server: TestServer;
  const get = (url: string, headers: Record<string, string> = {}) => server.app.inject({ method: 'GET', url, headers });
  beforeAll(async () => {
    server = await startTestServer({ kind, listen: false });
  }, STARTUP_TIMEOUT_MS);
  afterAll(async () => {
    await server.close();
  });

  test('names-website?course_type=1 has exactly the seed shape', async () => {
    const res = await get('/api/courses/names-website?course_type=1');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = res.json<FullTimeNames>();
    expect(keys(body)).toEqual(['course_categories', 'non_vocational_courses', 'vocational_courses']);
    for (const course of [...body.vocational_courses, ...body.non_vocational_courses])
      expect(keys(course)).toEqual(['course_name', 'slug']);
    for (const category of body.course_categories) expect(keys(category)).toEqual(['name', 'slug']);
    expect(body.vocational_courses.map((c) => c.slug)).toContain('network-specialist-diploma');
    expect(body.non_vocational_courses.length).toBeGreaterThanOrEqual(2);
    expect(body.course_categories.map((c) => c.slug)).toEqual(expect.arrayContaining(['networking', 'cyber-security', 'cloud-computing']));
  });

  test('names-website?course_type=2 nests categories, sub-categories and courses', async () => {
    const body = (await get('/api/courses/names-website?course_type=2')).json<PartTimeNames>();
    expect(keys(body)).toEqual(['course_categories', 'courses']);
    expect(body.course_categories.map((c) => c.category.slug)).toEqual(['cisco', 'linux', 'comptia', 'microsoft']);
    for (const entry of body.course_categories) {
      expect(keys(entry)).toEqual(['category', 'courses', 'sub_categories']);
      expect(keys(entry.category)).toEqual(['name', 'slug']);
      for (const sub of entry.sub_categories) expect(keys(sub)).toEqual(['name', 'slug']);
      for (const course of entry.courses) expect(keys(course)).toEqual(['course_name', 'slug']);
    }
    const cisco = body.course_categories.find((c) => c.category.slug === 'cisco');
    expect(cisco?.sub_categories.map((s) => s.slug)).toEqual(expect.arrayContaining(['ccna', 'ccnp']));
    expect(cisco?.courses.map((c) => c.slug)).toContain('ccnp-enterprise');
    expect(body.courses.map((c) => c.slug)).toContain('comptia-security-plus');
    expect(JSON.stringify(body)).not.toContain(RETIRED);
  });

  test.each(['', '?course_type=3', '?course_type=abc', '?course_type=1&course_type=2'])(
    'names-website%s answers 400 with a message',
    async (query) => {
      const res = await get(`/api/courses/names-website${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('course_type must be 1 (Full Time) or 2 (Part Time).');
    },
  );

  test("GET /api/courses lists active courses only, lean: what the widget's select needs", async () => {
    const body = (await get('/api/courses')).json<CourseOption[]>();
    expect(body.length).toBeGreaterThanOrEqual(30);
    for (const course of body) {
      expect(keys(course)).toEqual(['_id', 'course_name', 'course_type']);
      expect(course._id).toMatch(/^[0-9a-f]{24}$/);
    }
    // The same active courses the full summaries list.
    const full = [1, 2, 3].map(async (type) => (await get(`/api/courses/search?course_type=${type}`)).json<CourseSummary[]>());
    const summaries = (await Promise.all(full)).flat();
    expect(summaries.every((c) => c.status === 1)).toBe(true);
    expect(body.map((c) => c._id).sort()).toEqual(summaries.map((c) => c._id).sort());
    expect(summaries.map((c) => c.slug)).not.toContain(RETIRED);
    const { rows } = await server.db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM courses WHERE status = 2');
    expect(rows[0]?.n).toBe(1);
  });

  test('courses/search filters by type; junk is a 400', async () => {
    const fullTime = (await get('/api/courses/search?course_type=1')).json<CourseSummary[]>();
    expect(fullTime.length).toBeGreaterThan(5);
    expect(fullTime.every((c) => c.course_type === 1)).toBe(true);
    const partTime = (await get('/api/courses/search?course_type=2')).json<CourseSummary[]>();
    expect(partTime.every((c) => c.course_type === 2 && c.path.startsWith('/part-time-courses/'))).toBe(true);
    expect(partTime.map((c) => c.slug)).not.toContain(RETIRED);
    expect((await get('/api/courses/search?course_type=3')).json()).toEqual([]);
    const bad = await get('/api/courses/search?course_type=9');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/course_type must be 1/);
  });

  test('course detail by slug has description, outline and upcoming intakes', async () => {
    const res = await get('/api/courses/slug/ccnp-enterprise');
    expect(res.statusCode).toBe(200);
    const course = res.json<CourseDetail>();
    expect(keys(course)).toEqual([...SUMMARY_KEYS, 'admission', 'description', 'fees', 'intakes', 'kpi', 'outcomes', 'outline'].sort());
    expect(course.path).toBe('/part-time-courses/cisco/ccnp/ccnp-enterprise');
    expect(course.category).toEqual({ name: 'Cisco', slug: 'cisco' });
    expect(course.sub_category).toEqual({ name: 'CCNP', slug: 'ccnp' });
    expect(course.outline.length).toBeGreaterThanOrEqual(5);
    expect(course.outline.length).toBeLessThanOrEqual(8);
    expect(course.description.split('. ').length).toBeGreaterThanOrEqual(2);
    expect(course.intakes.length).toBeGreaterThanOrEqual(10);
    const starts = course.intakes.map((i) => i.start_date);
    expect([...starts].sort()).toEqual(starts);
    expect(starts.every((start) => start >= todayIso())).toBe(true);
    const vocational = (await get('/api/courses/slug/network-specialist-diploma')).json<CourseDetail>();
    expect(vocational.path).toBe('/full-time/network-specialist-diploma');
    const nonVocational = (await get('/api/courses/slug/english-for-it-careers')).json<CourseDetail>();
    expect(nonVocational).toMatchObject({
      vocational: false,
      category: null,
      path: '/full-time-courses-non-vocational/english-for-it-careers',
    });
  });

  test.each(['no-such-course'])('course detail %s answers 404 JSON', async (slug) => {
    const res = await get(`/api/courses/slug/${slug}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/could not find that course/);
  });

  test(`course detail ${RETIRED} (inactive) answers 410 JSON with its listing`, async () => {
    const res = await get(`/api/courses/slug/${RETIRED}`);
    expect(res.statusCode).toBe(410);
    expect(res.json()).toMatchObject({ message: 'This course is no longer offered.', listing: { path: '/part-time-courses/cisco/ccnp' } });
  });

  test('category and sub-category listings', async () => {
    const cisco = (await get('/api/categories/2/cisco')).json();
    expect(keys(cisco)).toEqual(['category', 'courses', 'sub_categories', 'sub_category']);
    expect(keys(cisco.category)).toEqual(['description', 'name', 'slug']);
    expect(cisco.sub_category).toBeNull();
    expect(cisco.sub_categories.map((s: { slug: string }) => s.slug)).toEqual(expect.arrayContaining(['ccna', 'ccnp']));
    const ccnp = (await get('/api/categories/2/cisco/ccnp')).json();
    expect(ccnp.category.slug).toBe('cisco');
    expect(keys(ccnp.sub_category)).toEqual(['description', 'name', 'slug']);
    expect(ccnp.sub_category.slug).toBe('ccnp');
    expect(ccnp.courses.map((c: CourseSummary) => c.slug).sort()).toEqual(['ccnp-enterprise', 'ccnp-security']);
    const networking = (await get('/api/categories/1/networking')).json();
    expect(networking.courses.map((c: CourseSummary) => c.slug)).toContain('network-specialist-diploma');
    expect(networking.sub_categories).toEqual([]);
  });

  test.each([
    ['/api/categories/2/nothing', 404],
    ['/api/categories/2/linux/ccnp', 404],
    ['/api/categories/1/cisco', 404],
    ['/api/categories/x/cisco', 400],
  ])('%s answers %i with a message', async (url, status) => {
    const res = await get(url);
    expect(res.statusCode).toBe(status);
    expect(typeof res.json().message).toBe('string');
  });

  test('intakes: upcoming, sorted, spanning twelve months, filtered by type and delivery mode', async () => {
    const all = (await get('/api/intakes')).json<Intake[]>();
    expect(all.length).toBeGreaterThan(100);
    for (const intake of all.slice(0, 5)) {
      expect(keys(intake)).toEqual([
        '_id',
        'course_id',
        'course_name',
        'course_slug',
        'course_type',
        'delivery_mode',
        'end_date',
        'schedule',
        'start_date',
      ]);
    }
    const starts = all.map((i) => i.start_date);
    expect([...starts].sort()).toEqual(starts);
    expect(starts[0]! >= todayIso()).toBe(true);
    expect(starts[0]! <= addMonths(todayIso(), 1)).toBe(true);
    expect(starts[starts.length - 1]! >= addMonths(todayIso(), 11)).toBe(true);
    expect(all.map((i) => i.course_slug)).not.toContain(RETIRED);
    const online = (await get('/api/intakes?course_type=2&delivery_mode=2')).json<Intake[]>();
    expect(online.length).toBeGreaterThan(0);
    expect(online.every((i) => i.course_type === 2 && i.delivery_mode === 2)).toBe(true);
    expect((await get('/api/intakes?course_type=&delivery_mode=')).body).toBe((await get('/api/intakes')).body);
    for (const query of ['course_type=7', 'delivery_mode=3', 'course_type=x']) {
      const bad = await get(`/api/intakes?${query}`);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toMatch(/must be/);
    }
  });

  test('announcements newest first; banner offers are Microsoft courses', async () => {
    const news = (await get('/api/announcements')).json<{ published_at: string }[]>();
    expect(news.length).toBeGreaterThanOrEqual(3);
    expect(news.length).toBeLessThanOrEqual(5);
    for (const item of news) expect(keys(item)).toEqual(['_id', 'body', 'published_at', 'title']);
    const dates = news.map((n) => n.published_at);
    expect([...dates].sort().reverse()).toEqual(dates);
    const offers = (await get('/api/banner-offers')).json<{ course_slug: string }[]>();
    expect(offers.length).toBeGreaterThanOrEqual(3);
    for (const offer of offers) expect(keys(offer)).toEqual(['_id', 'course_slug', 'cta', 'subtitle', 'title']);
    const microsoft = (await get('/api/categories/2/microsoft')).json<{ courses: CourseSummary[] }>();
    const microsoftSlugs = microsoft.courses.map((c) => c.slug);
    for (const offer of offers) expect(microsoftSlugs).toContain(offer.course_slug);
  });

  test('answers carry Cache-Control and an ETag; a matching If-None-Match gets 304', async () => {
    const first = await get('/api/courses/names-website?course_type=2');
    expect(first.headers['cache-control']).toBe('public, max-age=60');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[^"]+"$/);
    const again = await get('/api/courses/names-website?course_type=2', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const other = await get('/api/courses/names-website?course_type=1', { 'if-none-match': etag });
    expect(other.statusCode).toBe(200);
    const detail = await get('/api/courses/slug/ccna');
    expect((await get('/api/courses/slug/ccna', { 'if-none-match': `W/${String(detail.headers.etag)}` })).statusCode).toBe(304);
  });

  test('catalogue is served from memory: a database change shows only after reload()', async () => {
    await server.db.pool.query(`UPDATE courses SET course_name = 'CCNA (renamed)' WHERE slug = 'ccna'`);
    expect((await get('/api/courses')).body).not.toContain('CCNA (renamed)');
    await server.ctx.catalogue.reload();
    expect((await get('/api/courses')).body).toContain('CCNA (renamed)');
    expect(server.ctx.catalogue.courseById((await get('/api/courses/slug/ccna')).json()._id)?.course_name).toBe('CCNA (renamed)');
  });
});
