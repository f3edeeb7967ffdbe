/**
 * GET /api/openapi.json against the wire, on each database: every /api route is documented and
 * every documented operation exists; the document is valid OpenAPI 3.1; real answers of real calls
 * match their documented shapes (Ajv 2020); the documented request examples match their schemas
 * and the server accepts them.
 */
import zlib from 'node:zlib';
import { Validator } from '@seriousme/openapi-schema-validator';
import { startTestServer, type TestServer } from '../support/server';
import { bothDatabaseKinds } from '../support/database';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/staff';
import { validLead } from '../support/lead-fixtures';
import {
  answerCaller,
  documentedApiRoutes,
  documentValidators,
  registeredApiRoutes,
  requestExample as exampleOf,
  type AnswerCall,
  type DocumentValidators,
} from '../support/openapi';
import { addStaff } from '../support/crm-staff';
import { inputOf } from '../support/catalogue-editing';
import { tinyPng } from '../support/images';
import { apiOperationsOf } from '../../server/openapi/route-collector';
import { buildOpenApiDocument } from '../../server/openapi/document';
import type { CourseSummary, FullTimeNames, SignInAnswer, StaffLeadPage } from '../../src/contract';
import type { Activity, StaffMember } from '../../src/crm-contract';
import type {
  CatalogueChange,
  CatalogueConflict,
  CatalogueCourse,
  CatalogueCourseList,
  CatalogueProfessor,
} from '../../src/crm-catalogue-contract';

const START_TIMEOUT_MS = 120_000;
type OpenApiDocument = Record<string, unknown> & {
  openapi: string;
  paths: Record<string, Record<string, { requestBody?: { content: Record<string, { example?: unknown }> } }>>;
};

describe.each(bothDatabaseKinds())('the API description (%s)', (kind) => {
  let server: TestServer;
  let document: OpenApiDocument;
  let validators: DocumentValidators;
  let call: AnswerCall;
  const requestExample = (method: string, path: string) => exampleOf(apiOperationsOf(server.app), method, path);

  beforeAll(async () => {
    server = await startTestServer({ kind });
    const res = await fetch(`${server.url}/api/openapi.json`);
    document = (await res.json()) as OpenApiDocument;
    validators = documentValidators(document);
    const signin = await fetch(`${server.url}/api/users/signin`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
    });
    call = answerCaller(server.url, validators, ((await signin.json()) as SignInAnswer).token);
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await server?.close();
  });

  test('documents every route under /api, and only routes that exist', () => {
    const registered = registeredApiRoutes(server.app);
    expect(registered.length).toBeGreaterThan(30);
    expect(registered).toContain('PATCH /api/crm/leads/{id}');
    expect(documentedApiRoutes(document)).toEqual(registered);
  });

  test('would name an undocumented route (the check is not vacuous)', () => {
    const partial = buildOpenApiDocument(
      apiOperationsOf(server.app).filter((op) => op.path !== '/crm/dashboard/charts'),
    ) as OpenApiDocument;
    const missing = registeredApiRoutes(server.app).filter((route) => !documentedApiRoutes(partial).includes(route));
    expect(missing).toEqual(['GET /api/crm/dashboard/charts']);
  });

  test('is valid OpenAPI 3.1, served public, cached and compressed', async () => {
    const result = await new Validator().validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document.openapi).toBe('3.1.0');
    const res = await fetch(`${server.url}/api/openapi.json`, { headers: { 'Accept-Encoding': 'gzip' }, decompress: false } as RequestInit);
    expect(res.headers.get('cache-control')).toMatch(/public/);
    expect(res.headers.get('etag')).toBeTruthy();
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const again = await fetch(`${server.url}/api/openapi.json`, { headers: { 'If-None-Match': res.headers.get('etag') ?? '' } });
    expect(again.status).toBe(304);
    const compressed = await server.app.inject({ url: '/api/openapi.json', headers: { 'accept-encoding': 'br' } });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(compressed.rawPayload).toString())).toEqual(document);
  });

  test('real catalogue reads and search answer their documented shapes', async () => {
    const names = (await call('GET', '/courses/names-website', '/courses/names-website?course_type=1')).body as FullTimeNames;
    await call('GET', '/courses/names-website', '/courses/names-website?course_type=2');
    await call('GET', '/courses', '/courses');
    const courses = (await call('GET', '/courses/search', '/courses/search?course_type=1')).body as CourseSummary[];
    await call('GET', '/courses/search', '/courses/search?course_type=2');
    const course = courses[0];
    if (!course) throw new Error('the seed has no full-time course');
    await call('GET', '/courses/slug/{slug}', `/courses/slug/${course.slug}`);
    const category = names.course_categories[0];
    if (!category) throw new Error('the seed has no full-time category');
    await call('GET', '/categories/{courseType}/{slug}', `/categories/1/${category.slug}`);
    await call('GET', '/intakes/next', '/intakes/next');
    await call('GET', '/intakes', '/intakes?course_type=1');
    await call('GET', '/announcements', '/announcements');
    await call('GET', '/banner-offers', '/banner-offers');
    await call('GET', '/professors', '/professors');
    await call('GET', '/kpi', '/kpi');
    await call('GET', '/search', '/search?q=security');
    await call('GET', '/search', '/search?q=securty&limit=5');
    await call('GET', '/health', '/health');
    expect((await call('GET', '/courses/slug/{slug}', '/courses/slug/no-such-course')).status).toBe(404);
    expect((await call('GET', '/search', '/search?q=')).status).toBe(400);
  });

  test('a lead, its field errors, sign-in and staff lists answer their documented shapes', async () => {
    const course = ((await call('GET', '/courses/search', '/courses/search?course_type=2')).body as CourseSummary[])[0];
    const created = await call('POST', '/leads', '/leads', { body: validLead({ course_id: course?._id, course_type: 2 }) });
    expect(created.status).toBe(201);
    const invalid = await call('POST', '/leads', '/leads', { body: { first_name: '', email: 'nope' } });
    expect(invalid.status).toBe(400);
    expect(Object.keys((invalid.body as { errors: object }).errors)).toEqual(expect.arrayContaining(['first_name', 'email']));
    expect((await call('POST', '/users/signin', '/users/signin', { body: { email: ADMIN_EMAIL, password: 'not it' } })).status).toBe(401);
    expect((await call('GET', '/crm/leads', '/crm/leads')).status).toBe(401);
    const page = (await call('GET', '/crm/leads', '/crm/leads?page_size=5', { staff: true })).body as StaffLeadPage;
    const lead = page.leads[0];
    if (!lead) throw new Error('the lead just created is not listed');
    await call('GET', '/crm/leads/{id}', `/crm/leads/${lead._id}`, { staff: true });
    await call('GET', '/crm/leads/{id}/timeline', `/crm/leads/${lead._id}/timeline`, { staff: true });
    await call('GET', '/crm/dashboard', '/crm/dashboard', { staff: true });
    await call('GET', '/crm/dashboard/charts', '/crm/dashboard/charts', { staff: true });
    await call('GET', '/crm/activities', '/crm/activities?owner=all', { staff: true });
    await call('GET', '/crm/staff', '/crm/staff', { staff: true });
    await call('GET', '/users/me', '/users/me', { staff: true });
    await call('GET', '/users/account', '/users/account', { staff: true });
    await call('GET', '/users/two-factor', '/users/two-factor', { staff: true });
    // The failed sign-in above is in the audit log, so the page has an entry to check.
    const audit = (await call('GET', '/crm/audit', '/crm/audit?action=signin.failed', { staff: true })).body as { total: number };
    expect(audit.total).toBeGreaterThan(0);
  });

  test('catalogue editing answers its documented shapes: lists, a course, field errors, a stale save, the log, photos, 403, 410', async () => {
    const staff = { staff: true };
    expect((await call('GET', '/crm/catalogue/courses', '/crm/catalogue/courses')).status).toBe(401);
    const counsellor = await addStaff(server, 'Not An Editor');
    expect((await call('GET', '/crm/catalogue/courses', '/crm/catalogue/courses', { token: counsellor.token })).status).toBe(403);
    const list = (await call('GET', '/crm/catalogue/courses', '/crm/catalogue/courses?course_type=1&page=1', staff))
      .body as CatalogueCourseList;
    const example = requestExample('put', '/crm/catalogue/courses/{id}');
    const row = list.courses.find((entry) => entry.slug === example.slug);
    const other = list.courses.find((entry) => entry !== row);
    if (!row || !other) throw new Error(`the seed has no course ${String(example.slug)}, or no other full-time course`);
    const get = async (id: string) =>
      (await call('GET', '/crm/catalogue/courses/{id}', `/crm/catalogue/courses/${id}`, staff)).body as CatalogueCourse;
    const save = (current: CatalogueCourse, change: Record<string, unknown>) =>
      call('PUT', '/crm/catalogue/courses/{id}', `/crm/catalogue/courses/${current._id}`, {
        staff: true,
        body: { ...inputOf(current), version: current.version, ...change },
      });
    const course = await get(row._id);
    const invalid = await save(course, { slug: 'Not A Slug', duration: 0 });
    expect(invalid.status).toBe(400);
    expect(Object.keys((invalid.body as { errors: object }).errors)).toEqual(expect.arrayContaining(['slug', 'duration']));
    // The documented example, with the live course's version and category, is accepted as it is.
    const live = { version: course.version, category_id: course.category_id, sub_category_id: course.sub_category_id };
    expect((await save(course, { ...example, ...live })).status).toBe(200);
    const stale = await save(course, { summary: 'A change made from the old version.' });
    expect(stale.status).toBe(409);
    expect((stale.body as CatalogueConflict<CatalogueCourse>).current.version).toBe(course.version + 1);
    const log = (await call('GET', '/crm/catalogue/changes', `/crm/catalogue/changes?kind=course&id=${course._id}`, staff)).body as {
      changes: CatalogueChange[];
    };
    expect(log.changes[0]?.fields).toHaveProperty('outline');
    expect((await call('GET', '/crm/catalogue/courses/{id}', '/crm/catalogue/courses/0123456789abcdef01234567', staff)).status).toBe(404);
    await call('GET', '/crm/catalogue/courses/{id}/intakes', `/crm/catalogue/courses/${course._id}/intakes`, staff);
    for (const items of ['categories', 'announcements', 'banner-offers', 'professors'])
      await call('GET', `/crm/catalogue/${items}`, `/crm/catalogue/${items}`, staff);

    const professor = await call('POST', '/crm/catalogue/professors', '/crm/catalogue/professors', {
      staff: true,
      body: { name: 'Robin Sample', title: 'Instructor', credentials: [], bio: '', course_ids: [course._id], position: 0, sample: true },
    });
    expect(professor.status).toBe(201);
    const { _id: professorId, version } = professor.body as CatalogueProfessor;
    const photo = (bytes: Buffer) =>
      call('PUT', '/crm/catalogue/professors/{id}/photo', `/crm/catalogue/professors/${professorId}/photo`, {
        staff: true,
        raw: { type: 'image/png', bytes },
      });
    expect((await photo(tinyPng())).status).toBe(200);
    expect((await photo(Buffer.from('<html><script>alert(1)</script></html>'))).status).toBe(415);
    // The upload made a new version: removing by the one read before it is stale.
    expect(
      (await call('DELETE', '/crm/catalogue/professors/{id}', `/crm/catalogue/professors/${professorId}?version=${version}`, staff)).status,
    ).toBe(409);
    expect((await save(await get(other._id), { status: 2 })).status).toBe(200);
    expect((await call('GET', '/courses/slug/{slug}', `/courses/slug/${other.slug}`)).status).toBe(410);
  });

  test('every request example matches its schema, and the server accepts the examples it can take as they are', async () => {
    for (const op of apiOperationsOf(server.app).filter((entry) => entry.example !== undefined)) {
      expect({ op: `${op.method} ${op.path}`, problems: validators.requestBody(op.method, op.path)(op.example) }).toEqual({
        op: `${op.method} ${op.path}`,
        problems: [],
      });
      const served = document.paths[op.path]?.[op.method]?.requestBody?.content['application/json']?.example;
      expect(served).toEqual(op.example);
    }
    // Live values (a course, an id, a version, the test admin's password) go where the example has placeholders.
    const course = ((await call('GET', '/courses/search', '/courses/search?course_type=1')).body as CourseSummary[])[0];
    const lead = await call('POST', '/leads', '/leads', {
      body: { ...requestExample('post', '/leads'), course_id: course?._id, course_type: 1 },
    });
    expect(lead.status).toBe(201);
    const signin = await call('POST', '/users/signin', '/users/signin', {
      body: { ...requestExample('post', '/users/signin'), email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    });
    expect(signin.status).toBe(200);
    expect(
      (await call('POST', '/users/reset-password', '/users/reset-password', { body: requestExample('post', '/users/reset-password') }))
        .status,
    ).toBe(200);

    const leadId = ((await call('GET', '/crm/leads', '/crm/leads', { staff: true })).body as StaffLeadPage).leads[0]?._id ?? '';
    const me = ((await call('GET', '/users/me', '/users/me', { staff: true })).body as { user: { _id: string } }).user._id;
    const note = await call('POST', '/crm/leads/{id}/notes', `/crm/leads/${leadId}/notes`, {
      staff: true,
      body: requestExample('post', '/crm/leads/{id}/notes'),
    });
    expect(note.status).toBe(201);
    const activity = await call('POST', '/crm/leads/{id}/activities', `/crm/leads/${leadId}/activities`, {
      staff: true,
      body: { ...requestExample('post', '/crm/leads/{id}/activities'), owner_id: me },
    });
    expect(activity.status).toBe(201);
    const activityId = (activity.body as Activity)._id;
    expect(
      (
        await call('PATCH', '/crm/activities/{id}', `/crm/activities/${activityId}`, {
          staff: true,
          body: requestExample('patch', '/crm/activities/{id}'),
        })
      ).status,
    ).toBe(200);
    const leadNow = (await call('GET', '/crm/leads/{id}', `/crm/leads/${leadId}`, { staff: true })).body as { version: number };
    expect(
      (
        await call('PATCH', '/crm/leads/{id}', `/crm/leads/${leadId}`, {
          staff: true,
          body: { ...requestExample('patch', '/crm/leads/{id}'), version: leadNow.version },
        })
      ).status,
    ).toBe(200);
    const invited = await call('POST', '/crm/staff', '/crm/staff', { staff: true, body: requestExample('post', '/crm/staff') });
    expect(invited.status).toBe(201);
    const member = invited.body as StaffMember;
    expect(
      (
        await call('PATCH', '/crm/staff/{id}', `/crm/staff/${member._id}`, {
          staff: true,
          body: { ...requestExample('patch', '/crm/staff/{id}'), version: member.version },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await call('PUT', '/users/two-factor/policy', '/users/two-factor/policy', {
          staff: true,
          body: requestExample('put', '/users/two-factor/policy'),
        })
      ).status,
    ).toBe(200);
    expect(
      (await call('POST', '/users/two-factor/setup', '/users/two-factor/setup', { staff: true, body: { password: ADMIN_PASSWORD } }))
        .status,
    ).toBe(200);
  });
});
