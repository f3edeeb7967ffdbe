/**
 * GET /api/openapi.json against the wire, on each database: every /api route is documented and
 * every documented operation exists; the document is valid OpenAPI 3.1; real answers of real calls
 * match their documented shapes (Ajv 2020); the documented request examples match their schemas
 * and the server accepts them.
 */
import zlib from 'node:zlib';
import { Validator } from '@seriousme/openapi-schema-validator';
import { startTestServer, type TestServer } from '../support/server';
import { testDatabaseKinds } from '../support/database';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/staff';
import { validLead } from '../support/lead-fixtures';
import { documentedApiRoutes, documentValidators, registeredApiRoutes, type DocumentValidators } from '../support/openapi';
import { apiOperations } from '../../server/openapi/operations';
import { buildOpenApiDocument } from '../../server/openapi/document';
import type { CourseSummary, FullTimeNames, SignInAnswer, StaffLeadPage } from '../../src/contract';
import type { Activity, StaffMember } from '../../src/crm-contract';

const START_TIMEOUT_MS = 120_000;
type OpenApiDocument = Record<string, unknown> & { openapi: string; paths: Record<string, Record<string, { requestBody?: { content: Record<string, { example?: unknown }> } }>> };

describe.each(testDatabaseKinds())('the API description (%s)', (kind) => {
  let server: TestServer;
  let document: OpenApiDocument;
  let validators: DocumentValidators;
  let token = '';

  beforeAll(async () => {
    server = await startTestServer({ kind });
    const res = await fetch(`${server.url}/api/openapi.json`);
    document = (await res.json()) as OpenApiDocument;
    validators = documentValidators(document);
    const signin = await fetch(`${server.url}/api/users/signin`, {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
    });
    token = ((await signin.json()) as SignInAnswer).token;
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await server?.close();
  });

  /** Calls the API for real and checks the answer against the document's shape for its status. */
  async function call(method: string, documentedPath: string, url: string, options: { body?: unknown; staff?: boolean } = {}) {
    const res = await fetch(`${server.url}/api${url}`, {
      method,
      headers: {
        ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...(options.staff ? { Authorization: `Bearer ${token}` } : {}),
      },
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    });
    const body: unknown = await res.json();
    expect({ call: `${method} ${url} → ${res.status}`, problems: validators.answer(method, documentedPath, res.status)(body) })
      .toEqual({ call: `${method} ${url} → ${res.status}`, problems: [] });
    return { status: res.status, body };
  }

  test('documents every route under /api, and only routes that exist', () => {
    const registered = registeredApiRoutes(server.app);
    expect(registered.length).toBeGreaterThan(30);
    expect(registered).toContain('PATCH /api/crm/leads/{id}');
    expect(documentedApiRoutes(document)).toEqual(registered);
  });

  test('would name an undocumented route (the check is not vacuous)', () => {
    const partial = buildOpenApiDocument(apiOperations.filter((op) => op.path !== '/crm/dashboard/charts')) as OpenApiDocument;
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
  });

  test('every request example matches its schema, and the server accepts the examples it can take as they are', async () => {
    for (const op of apiOperations.filter((entry) => entry.example !== undefined)) {
      expect({ op: `${op.method} ${op.path}`, problems: validators.requestBody(op.method, op.path)(op.example) })
        .toEqual({ op: `${op.method} ${op.path}`, problems: [] });
      const served = document.paths[op.path]?.[op.method]?.requestBody?.content['application/json']?.example;
      expect(served).toEqual(op.example);
    }
    const example = (method: string, path: string): Record<string, unknown> => {
      const found = apiOperations.find((op) => op.method === method && op.path === path)?.example;
      if (!found || typeof found !== 'object') throw new Error(`no example for ${method} ${path}`);
      return { ...(found as Record<string, unknown>) };
    };
    // Live values (a course, an id, a version, the test admin's password) go where the example has placeholders.
    const course = ((await call('GET', '/courses/search', '/courses/search?course_type=1')).body as CourseSummary[])[0];
    const lead = await call('POST', '/leads', '/leads', { body: { ...example('post', '/leads'), course_id: course?._id, course_type: 1 } });
    expect(lead.status).toBe(201);
    const signin = await call('POST', '/users/signin', '/users/signin', { body: { ...example('post', '/users/signin'), email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
    expect(signin.status).toBe(200);
    expect((await call('POST', '/users/reset-password', '/users/reset-password', { body: example('post', '/users/reset-password') })).status).toBe(200);

    const leadId = ((await call('GET', '/crm/leads', '/crm/leads', { staff: true })).body as StaffLeadPage).leads[0]?._id ?? '';
    const me = ((await call('GET', '/users/me', '/users/me', { staff: true })).body as { user: { _id: string } }).user._id;
    const note = await call('POST', '/crm/leads/{id}/notes', `/crm/leads/${leadId}/notes`, { staff: true, body: example('post', '/crm/leads/{id}/notes') });
    expect(note.status).toBe(201);
    const activity = await call('POST', '/crm/leads/{id}/activities', `/crm/leads/${leadId}/activities`, {
      staff: true, body: { ...example('post', '/crm/leads/{id}/activities'), owner_id: me },
    });
    expect(activity.status).toBe(201);
    const activityId = (activity.body as Activity)._id;
    expect((await call('PATCH', '/crm/activities/{id}', `/crm/activities/${activityId}`, { staff: true, body: example('patch', '/crm/activities/{id}') })).status).toBe(200);
    const leadNow = (await call('GET', '/crm/leads/{id}', `/crm/leads/${leadId}`, { staff: true })).body as { version: number };
    expect((await call('PATCH', '/crm/leads/{id}', `/crm/leads/${leadId}`, {
      staff: true, body: { ...example('patch', '/crm/leads/{id}'), version: leadNow.version },
    })).status).toBe(200);
    const invited = await call('POST', '/crm/staff', '/crm/staff', { staff: true, body: example('post', '/crm/staff') });
    expect(invited.status).toBe(201);
    const member = invited.body as StaffMember;
    expect((await call('PATCH', '/crm/staff/{id}', `/crm/staff/${member._id}`, { staff: true, body: { ...example('patch', '/crm/staff/{id}'), version: member.version } })).status).toBe(200);
    expect((await call('PUT', '/users/two-factor/policy', '/users/two-factor/policy', { staff: true, body: example('put', '/users/two-factor/policy') })).status).toBe(200);
    expect((await call('POST', '/users/two-factor/setup', '/users/two-factor/setup', { staff: true, body: { password: ADMIN_PASSWORD } })).status).toBe(200);
  });
});
