/**
 * Public pages as real HTML (issue 9): every public route is rendered on the server with its own
 * heading, title, description, one canonical link, social tags and the right JSON-LD; the data it
 * was rendered with travels inside it; renders are kept in memory, precompressed, with ETags; the
 * CRM stays a client-rendered, noindex shell. Run through app.inject against the real server.
 */
import zlib from 'node:zlib';
import type { CourseSummary } from '../../src/contract';
import { startTestServer, type TestServer } from '../support/server';

const STARTUP_TIMEOUT_MS = 120_000;

interface Page {
  status: number;
  html: string;
  headers: Record<string, unknown>;
}

const one = (html: string, pattern: RegExp): string[] => [...html.matchAll(new RegExp(pattern, 'g'))].map((m) => m[1] ?? '');
const title = (html: string) => one(html, /<title>([^<]*)<\/title>/);
const description = (html: string) => one(html, /<meta name="description" content="([^"]*)">/);
const canonical = (html: string) => one(html, /<link rel="canonical" href="([^"]*)">/);
const h1 = (html: string) => one(html, /<h1[^>]*>([^<]*)<\/h1>/);
function jsonLdTypes(html: string): string[] {
  const script = /<script type="application\/ld\+json"[^>]*>([^<]*)<\/script>/.exec(html)?.[1];
  if (!script) return [];
  return (JSON.parse(script) as { '@graph': { '@type': string }[] })['@graph'].map((piece) => piece['@type']);
}
function jsonLd(html: string): Record<string, unknown>[] {
  const script = /<script type="application\/ld\+json"[^>]*>([^<]*)<\/script>/.exec(html)?.[1];
  return script ? (JSON.parse(script) as { '@graph': Record<string, unknown>[] })['@graph'] : [];
}

describe('server-rendered public pages', () => {
  let server: TestServer;
  const courses: CourseSummary[] = [];
  const get = async (url: string, headers: Record<string, string> = {}): Promise<Page> => {
    const res = await server.app.inject({ method: 'GET', url, headers });
    return { status: res.statusCode, html: res.body, headers: res.headers };
  };
  beforeAll(async () => {
    server = await startTestServer({ listen: false, env: { SITE_URL: 'https://college.example' } });
    // Full summaries per course type (/api/courses is the widget's lean list).
    for (const type of [1, 2]) {
      const res = await server.app.inject({ method: 'GET', url: `/api/courses/search?course_type=${type}` });
      courses.push(...(JSON.parse(res.body) as CourseSummary[]));
    }
  }, STARTUP_TIMEOUT_MS);
  afterAll(async () => {
    await server.close();
  });

  test('the footer as specified (requirements R-footer): phone, two e-mails, a Toronto address, social links, © 2023', async () => {
    const footerOf = (html: string) => /<footer[\s\S]*<\/footer>/.exec(html)?.[0] ?? '';
    const footer = footerOf((await get('/')).html);
    for (const text of ['+1 416-555-0142', 'admissions@northbridge-college.ca', 'info@northbridge-college.ca', 'Toronto'])
      expect(footer).toContain(text);
    for (const social of ['facebook.com', 'linkedin.com', 'youtube.com', 'instagram.com']) expect(footer).toContain(social);
    expect(footer).toContain('© 2023 Northbridge College of Technology. All rights reserved.');
    // The pages a student reaches from an e-mail (here: a link that does not work) end with the same line.
    const emailPage = await get('/unsubscribe?token=not-a-token');
    expect(footerOf(emailPage.html)).toContain('© 2023 Northbridge College of Technology. All rights reserved.');
  });

  const course = (pick: (c: CourseSummary) => boolean) => {
    const found = courses.find(pick);
    if (!found) throw new Error('the seed lacks a course of this kind');
    return found;
  };

  test('every kind of public page has its heading, own title and description, one canonical link and social tags', async () => {
    const program = course((c) => c.course_type === 1 && c.vocational);
    const partTime = course((c) => c.course_type === 2 && c.sub_category !== null);
    const pages = [
      { url: '/', heading: 'Launch your IT career in Toronto', canonical: '/' },
      { url: '/full-time-courses', heading: 'Full Time Vocational Programs', canonical: '/full-time-courses' },
      { url: program.path, heading: program.course_name, canonical: program.path },
      { url: partTime.path, heading: partTime.course_name, canonical: partTime.path },
      { url: '/contact', heading: 'Contact Us', canonical: '/contact' },
      { url: '/calendar', heading: 'Course Calendar', canonical: '/calendar' },
      { url: '/kpi', heading: 'Key Performance Indicators', canonical: '/kpi' },
    ];
    const titles = new Set<string>();
    const descriptions = new Set<string>();
    for (const expected of pages) {
      const page = await get(expected.url);
      expect({ url: expected.url, status: page.status }).toEqual({ url: expected.url, status: 200 });
      expect(h1(page.html)).toEqual([expected.heading]);
      expect(title(page.html)).toHaveLength(1);
      expect(description(page.html)).toHaveLength(1);
      expect(canonical(page.html)).toEqual([`https://college.example${expected.canonical}`]);
      expect(page.html).toContain(`<meta property="og:title" content="${title(page.html)[0]}">`);
      expect(page.html).toContain(`<meta property="og:url" content="https://college.example${expected.canonical}">`);
      expect(page.html).toContain('<meta name="twitter:card" content="summary">');
      titles.add(title(page.html)[0]!);
      descriptions.add(description(page.html)[0]!);
    }
    expect(titles.size).toBe(pages.length);
    expect(descriptions.size).toBe(pages.length);
  });

  test('a course reachable at two addresses names one canonical', async () => {
    const partTime = course((c) => c.course_type === 2 && c.sub_category !== null);
    const page = await get(`/course/${partTime.slug}`);
    expect(page.status).toBe(200);
    expect(canonical(page.html)).toEqual([`https://college.example${partTime.path}`]);
  });

  test('JSON-LD: the college on home and contact, a Course with its intakes on course pages, breadcrumbs where shown', async () => {
    expect(jsonLdTypes((await get('/')).html)).toEqual(['CollegeOrUniversity']);
    expect(jsonLdTypes((await get('/contact')).html).sort()).toEqual(['BreadcrumbList', 'CollegeOrUniversity']);
    const college = jsonLd((await get('/contact')).html).find((piece) => piece['@type'] === 'CollegeOrUniversity');
    expect(college).toMatchObject({
      address: { '@type': 'PostalAddress', addressLocality: 'Toronto' },
      telephone: expect.any(String),
      email: expect.any(String),
    });

    const program = course((c) => c.course_type === 1 && c.vocational);
    const detail = JSON.parse((await server.app.inject({ method: 'GET', url: `/api/courses/slug/${program.slug}` })).body) as {
      intakes: unknown[];
    };
    const programLd = jsonLd((await get(program.path)).html);
    expect(programLd.map((p) => p['@type'])).toEqual(['Course']);
    const instances = programLd[0]!.hasCourseInstance as Record<string, unknown>[];
    expect(instances).toHaveLength(detail.intakes.length);
    expect(instances[0]).toMatchObject({
      '@type': 'CourseInstance',
      startDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      courseMode: expect.stringMatching(/Onsite|Online/),
      location: expect.any(Object),
    });

    const partTime = course((c) => c.course_type === 2 && c.sub_category !== null);
    const partTimeLd = jsonLd((await get(partTime.path)).html);
    expect(partTimeLd.map((p) => p['@type']).sort()).toEqual(['BreadcrumbList', 'Course']);
    const crumbs = partTimeLd.find((p) => p['@type'] === 'BreadcrumbList')!.itemListElement as { name: string; item: string }[];
    expect(crumbs.map((c) => c.name)).toEqual([
      'Home',
      'Part Time Courses',
      partTime.category!.name,
      partTime.sub_category!.name,
      partTime.course_name,
    ]);
    expect(crumbs[crumbs.length - 1]!.item).toBe(`https://college.example${partTime.path}`);
  });

  test('the data a page was rendered with is inside it; the home page carries only the next four intakes', async () => {
    const home = (await get('/')).html;
    const data = JSON.parse(/<script type="application\/json" id="page-data">([^<]*)<\/script>/.exec(home)![1]!) as Record<
      string,
      { ok: boolean; data: unknown }
    >;
    expect(Object.keys(data).sort()).toEqual([
      '/banner-offers',
      '/courses/names-website?course_type=1',
      '/courses/names-website?course_type=2',
      '/intakes/next',
    ]);
    expect(data['/intakes/next']!.data).toHaveLength(4);
    expect(home.length).toBeLessThan(60_000);
  });

  test('statuses as before: unknown paths and slugs render the 404 page with 404; redirects are 301s', async () => {
    for (const url of ['/no-such-page', '/course/no-such-course', '/part-time-courses/cisco/no-such-sub']) {
      const page = await get(url);
      expect({ url, status: page.status }).toEqual({ url, status: 404 });
      expect(page.html).toContain('Sorry! This page not found. It might be deleted or its name changed.');
      expect(page.html).toContain('<meta name="robots" content="noindex, follow">');
    }
    const redirect = await get('/second-career');
    expect(redirect.status).toBe(301);
    expect(redirect.headers.location).toBe('/better-jobs-ontario');
  });

  test('renders are kept: the same ETag each time, 304 on revalidation, brotli and gzip bodies', async () => {
    const first = await get('/full-time-courses');
    const second = await get('/full-time-courses');
    expect(first.headers.etag).toBeDefined();
    expect(second.headers.etag).toBe(first.headers.etag);
    expect((await get('/full-time-courses', { 'if-none-match': String(first.headers.etag) })).status).toBe(304);
    const br = await server.app.inject({ method: 'GET', url: '/full-time-courses', headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(first.html);
    // A query string that does not change the page (an ad click id) gets the same render.
    expect((await get('/full-time-courses?gclid=abc')).headers.etag).toBe(first.headers.etag);
  });

  test('a catalogue change renders the page again: a renamed course shows its new name', async () => {
    const program = course((c) => c.course_type === 1 && c.vocational);
    const before = await get(program.path);
    await server.db.pool.query('UPDATE courses SET course_name = $1 WHERE slug = $2', ['Renamed Diploma For The Test', program.slug]);
    await server.ctx.catalogue.reload();
    const after = await get(program.path);
    expect(h1(after.html)).toEqual(['Renamed Diploma For The Test']);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    await server.db.pool.query('UPDATE courses SET course_name = $1 WHERE slug = $2', [program.course_name, program.slug]);
    await server.ctx.catalogue.reload();
  });

  test('the calendar renders the filtered view its URL names', async () => {
    const partTimeOnly = await get('/calendar?type=2&mode=2');
    expect(partTimeOnly.status).toBe(200);
    expect(partTimeOnly.html).toMatch(/<option selected value="2">Part Time/);
    expect(partTimeOnly.html).not.toMatch(/<td data-label="Type">Full Time<\/td>/);
    expect(partTimeOnly.html).not.toMatch(/<td data-label="Delivery">On Campus<\/td>/);
    expect(partTimeOnly.html).toMatch(/<td data-label="Delivery">Online<\/td>/);
  });

  test('the CRM stays a client-rendered, noindex shell', async () => {
    const crm = await get('/crm/login');
    expect(crm.status).toBe(200);
    expect(crm.html).toContain('<div id="app"></div>');
    expect(crm.html).toContain('<meta name="robots" content="noindex, nofollow">');
  });

  test('catalogue JSON answers are compressed when the client accepts it', async () => {
    const res = await server.app.inject({
      method: 'GET',
      url: '/api/intakes?course_type=&delivery_mode=',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(Array.isArray(JSON.parse(zlib.brotliDecompressSync(res.rawPayload).toString('utf8')))).toBe(true);
    const search = await server.app.inject({ method: 'GET', url: '/api/search?q=linux', headers: { 'accept-encoding': 'gzip' } });
    expect(search.statusCode).toBe(200);
    expect(search.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(search.rawPayload).toString('utf8'))).toMatchObject({ query: 'linux' });
  });
});
