/**
 * Lists that grow with the catalogue are bounded (src/public-limits.ts): listings per category,
 * category pages and announcements by `?page=`, search by `limit` and `page`; rendered pages embed
 * only the part of the menus they show. The seed fits inside every limit; 30 more courses in one
 * sub-category and 12 more announcements push past them.
 */
import { startTestServer, type TestServer } from '../support/server';
import { testDatabaseKinds } from '../support/database';
import type { Announcement, CategoryListingPage, CourseSummary, PartTimeNames } from '../../src/contract';
import type { SearchAnswer } from '../../src/search-contract';
import { ANNOUNCEMENTS_PAGE_SIZE, CATEGORY_PAGE_SIZE, LISTING_COURSES_PER_CATEGORY, MENU_COURSES_PER_LIST } from '../../src/public-limits';

const pageData = (html: string) =>
  JSON.parse(/<script type="application\/json" id="page-data">(.*?)<\/script>/s.exec(html)![1]!) as Record<string, unknown>;

const STARTUP_TIMEOUT_MS = 120_000;
const EXTRA = 30;

describe.each(testDatabaseKinds())('bounded public lists (%s)', (kind) => {
  let server: TestServer;
  const get = (url: string) => server.app.inject({ method: 'GET', url });
  beforeAll(async () => {
    server = await startTestServer({ kind, listen: false });
    const pool = server.ctx.db.pool;
    await pool.query(
      `INSERT INTO courses (id, course_name, slug, course_type, category_id, sub_category_id, duration, duration_unit, delivery_mode, summary, description)
       SELECT substr(md5('extra' || n), 1, 24), 'Extra Routing Course ' || n, 'extra-routing-' || n, c.course_type, c.category_id, c.sub_category_id,
              6, 3, 1, 'Extra course ' || n || '.', 'Practice in routing, module ' || n || '.'
         FROM generate_series(1, $1::int) AS n
        CROSS JOIN (SELECT course_type, category_id, sub_category_id FROM courses WHERE slug = 'ccnp-enterprise') c`,
      [EXTRA],
    );
    await pool.query(
      `INSERT INTO announcements (id, title, body, published_at)
       SELECT substr(md5('news' || n), 1, 24), 'Old news ' || n, 'Body ' || n, now() - (n || ' years')::interval FROM generate_series(1, 12) AS n`,
    );
    await server.ctx.catalogue.reload();
  }, STARTUP_TIMEOUT_MS);
  afterAll(async () => {
    await server.close();
  });

  test('a listing asks for at most N per category; the full list stays complete', async () => {
    const all = (await get('/api/courses/search?course_type=2')).json<CourseSummary[]>();
    const capped = await get(`/api/courses/search?course_type=2&per_category=${LISTING_COURSES_PER_CATEGORY + 1}`);
    expect(capped.statusCode).toBe(200);
    const perCategory = new Map<string, number>();
    for (const course of capped.json<CourseSummary[]>())
      perCategory.set(course.category!.slug, (perCategory.get(course.category!.slug) ?? 0) + 1);
    expect(perCategory.get('cisco')).toBe(LISTING_COURSES_PER_CATEGORY + 1);
    expect(all.filter((course) => course.category?.slug === 'cisco').length).toBeGreaterThan(EXTRA);
    const bad = await get('/api/courses/search?course_type=2&per_category=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toBe('per_category must be a whole number from 1 to 50.');
  });

  test('a category pages its courses; past the last page is a 404', async () => {
    const first = (await get('/api/categories/2/cisco/ccnp?page=1')).json<CategoryListingPage>();
    expect(first.courses).toHaveLength(CATEGORY_PAGE_SIZE);
    expect(first).toMatchObject({ page: 1, pages: 2, total_courses: EXTRA + 2 });
    const second = (await get('/api/categories/2/cisco/ccnp?page=2')).json<CategoryListingPage>();
    expect(second.courses).toHaveLength(EXTRA + 2 - CATEGORY_PAGE_SIZE);
    expect(new Set([...first.courses, ...second.courses].map((c) => c.slug)).size).toBe(EXTRA + 2);
    expect((await get('/api/categories/2/cisco/ccnp?page=3')).statusCode).toBe(404);
    expect((await get('/api/categories/2/cisco/ccnp?page=x')).statusCode).toBe(400);
  });

  test('announcements: the newest page by default, older ones by page', async () => {
    const newest = (await get('/api/announcements')).json<Announcement[]>();
    expect(newest).toHaveLength(ANNOUNCEMENTS_PAGE_SIZE);
    const older = (await get('/api/announcements?page=2')).json<Announcement[]>();
    expect(older.length).toBeGreaterThan(0);
    expect(older[0]!.published_at <= newest[newest.length - 1]!.published_at).toBe(true);
    expect((await get('/api/announcements?page=9')).statusCode).toBe(404);
  });

  test('search: limit at most 50, pages of results', async () => {
    const first = (await get('/api/search?q=routing&limit=5')).json<SearchAnswer>();
    const second = (await get('/api/search?q=routing&limit=5&page=2')).json<SearchAnswer>();
    expect(first.results).toHaveLength(5);
    expect(second.results).toHaveLength(5);
    expect(second.results.map((r) => r.path)).not.toContain(first.results[0]!.path);
    expect((await get('/api/search?q=routing&limit=51')).statusCode).toBe(400);
    expect((await get('/api/search?q=routing&page=11')).statusCode).toBe(400);
  });

  test('pages show and embed a bounded part of the catalogue, with links to the rest', async () => {
    const listing = await get('/part-time-courses');
    expect(listing.body).toContain('View all Cisco courses');
    expect(listing.body.match(/class="card-title"><a [^>]*>Extra Routing Course/g)!.length).toBeLessThanOrEqual(
      LISTING_COURSES_PER_CATEGORY,
    );
    const data = pageData(listing.body);
    expect(Object.keys(data)).toContain(`/courses/search?course_type=2&per_category=${LISTING_COURSES_PER_CATEGORY + 1}`);
    expect(Object.keys(data)).not.toContain('/courses/search?course_type=2');
    const home = await get('/');
    expect(home.body).toMatch(/View all<span class="visually-hidden"> Cisco courses<\/span>/);
    // Menus: at most 10 shown per list, and 11 of each list embedded (the full answer lists them all).
    const names = pageData(home.body)['/courses/names-website?course_type=2'] as { data: PartTimeNames };
    expect(names.data.courses).toHaveLength(MENU_COURSES_PER_LIST + 1);
    expect(names.data.course_categories.find((group) => group.category.slug === 'cisco')!.courses).toHaveLength(MENU_COURSES_PER_LIST + 1);
    const page2 = await get('/part-time-courses/cisco/ccnp?page=2');
    expect(page2.statusCode).toBe(200);
    expect(page2.body).toContain('<link rel="canonical" href="' + server.config.siteUrl + '/part-time-courses/cisco/ccnp?page=2"');
    expect(page2.body).toContain('Page 2 of 2');
    const course = await get('/part-time-courses/cisco/ccnp/extra-routing-29');
    // The breadcrumb names a course the menu does not list.
    expect(course.body).toMatch(/aria-current="page">Extra Routing Course 29</);
  });
});
