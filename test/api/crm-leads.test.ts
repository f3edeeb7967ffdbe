import { startTestServer, type TestServer } from '../support/server';
import { testDatabaseKinds } from '../support/database';
import { staffToken, testCourses, validLead, type TestCourses } from '../support/lead-fixtures';
import type { DashboardAnswer, StaffLead, StaffLeadPage } from '../../src/contract';
import { SIGNED_OUT_MESSAGE } from '../../server/auth/guards';
import { LEAD_NOT_FOUND_MESSAGE } from '../../server/crm';
import { NEED_ADVICE_COURSE_NAME } from '../../server/crm/staff-lead';

/** Starting a server (clone, migrate, seed, first admin) can take long on a busy 2-core machine. */
const START_TIMEOUT_MS = 120_000;

describe.each(testDatabaseKinds())('staff leads API (%s)', (kind) => {
  let server: TestServer;
  let token: string;
  let courses: TestCourses;
  /** The leads this suite created, oldest first, by e-mail. */
  const emails: string[] = [];

  const auth = () => ({ authorization: `Bearer ${token}` });
  const get = (url: string, headers: Record<string, string> = auth()) => server.app.inject({ method: 'GET', url, headers });
  const page = async (query: string) => {
    const res = await get(`/api/crm/leads${query}`);
    expect(res.statusCode).toBe(200);
    return res.json<StaffLeadPage>();
  };

  async function submit(overrides: Record<string, unknown>) {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/leads',
      headers: { 'content-type': 'application/json' },
      payload: validLead(overrides),
    });
    expect(res.statusCode).toBe(201);
    emails.push(String(overrides.email));
    // Distinct creation times, so "newest first" has one right answer.
    await new Promise((resolve) => setTimeout(resolve, 5));
  }

  beforeAll(async () => {
    server = await startTestServer({ kind, listen: false, env: { LEADS_RATE_LIMIT: '10000' } });
    token = await staffToken(server);
    courses = await testCourses(server);
    await submit({ email: 'zoe.park@example.com', first_name: 'Zoe', last_name: 'Park', phone: '+16475550101', source: 1, location: 1 });
    await submit({
      email: 'raj.singh@example.com',
      first_name: 'Raj',
      last_name: 'Singh',
      phone: '+919876543210',
      source: 3,
      location: 2,
      course_id: courses.fullTime.id,
      utm_source: 'google',
      landing_page: 'https://partner.example/a',
    });
    await submit({
      email: 'li.wei@example.com',
      first_name: 'Li',
      last_name: 'Wei',
      phone: '+14165550177',
      source: 4,
      location: 1,
      course_id: courses.partTime.id,
      financial_aid: true,
    });
    await submit({
      email: 'ana.costa@example.com',
      first_name: 'Ana',
      last_name: 'Costa',
      phone: '+33612345678',
      source: 4,
      location: 2,
      course_id: '000000000000000000000000',
      course_type: 1,
    });
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await server.close();
  });

  const guarded = [
    ['GET', '/api/crm/leads'],
    ['GET', '/api/crm/leads/abcdefabcdefabcdefabcdef'],
    ['PATCH', '/api/crm/leads/abcdefabcdefabcdefabcdef'],
    ['GET', '/api/crm/dashboard'],
  ] as const;

  test.each(guarded)('%s %s needs a live staff session (401 without or with a bad token)', async (method, url) => {
    for (const headers of [
      {},
      { authorization: 'Bearer not-a-real-session-token-000000' },
      { authorization: token },
      { authorization: `Basic ${token}` },
    ]) {
      const res = await server.app.inject({ method, url, headers, payload: method === 'PATCH' ? { stage: 2 } : undefined });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: SIGNED_OUT_MESSAGE });
    }
  });

  test('staff answers are never cached and never open to other origins', async () => {
    const res = await get('/api/crm/leads', { ...auth(), origin: 'https://evil.example' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  test('the inbox lists leads newest first with their full staff shape', async () => {
    const answer = await page('');
    expect(answer.total).toBe(4);
    expect(answer.page).toBe(1);
    expect(answer.page_size).toBe(20);
    expect(answer.leads.map((lead) => lead.email)).toEqual([...emails].reverse());
    const raj = answer.leads.find((lead) => lead.email === 'raj.singh@example.com') as StaffLead;
    expect(raj).toMatchObject({
      first_name: 'Raj',
      last_name: 'Singh',
      phone: '+919876543210',
      lead_type: 1,
      address: '',
      source: 3,
      course_id: courses.fullTime.id,
      course_name: courses.fullTime.name,
      course_type: 1,
      location: 2,
      financial_aid: false,
      stage: 1,
      status: 1,
      utm_source: 'google',
      utm_medium: null,
      landing_page: 'https://partner.example/a',
      referrer: null,
    });
    expect(raj._id).toMatch(/^[0-9a-f]{24}$/);
    expect(new Date(raj.created_at).toISOString()).toBe(raj.created_at);
    const ana = answer.leads.find((lead) => lead.email === 'ana.costa@example.com') as StaffLead;
    expect(ana.course_name).toBe(NEED_ADVICE_COURSE_NAME);
    const zoe = answer.leads.find((lead) => lead.email === 'zoe.park@example.com') as StaffLead;
    expect(zoe).toMatchObject({ course_id: null, course_name: null, course_type: null });
  });

  test('paging', async () => {
    const first = await page('?page=1&page_size=3');
    const second = await page('?page=2&page_size=3');
    expect(first.leads).toHaveLength(3);
    expect(second.leads).toHaveLength(1);
    expect(first.total).toBe(4);
    expect([...first.leads, ...second.leads].map((lead) => lead.email)).toEqual([...emails].reverse());
    expect((await page('?page=9')).leads).toEqual([]);
  });

  test.each([
    ['?source=4', ['ana.costa@example.com', 'li.wei@example.com']],
    ['?source=3', ['raj.singh@example.com']],
    ['?location=2', ['ana.costa@example.com', 'raj.singh@example.com']],
    ['?course_type=2', ['li.wei@example.com']],
    ['?course_type=1', ['ana.costa@example.com', 'raj.singh@example.com']],
    ['?source=4&location=1', ['li.wei@example.com']],
    ['?stage=1&source=', ['ana.costa@example.com', 'li.wei@example.com', 'raj.singh@example.com', 'zoe.park@example.com']],
    ['?q=SINGH', ['raj.singh@example.com']],
    ['?q=raj%20sin', ['raj.singh@example.com']],
    ['?q=li.wei@EXAMPLE', ['li.wei@example.com']],
    ['?q=647%20555', ['zoe.park@example.com']],
    ['?q=%2B33612', ['ana.costa@example.com']],
    ['?q=%25', []],
    ['?q=nobody', []],
  ])('filter %s', async (query, expected) => {
    expect((await page(query)).leads.map((lead) => lead.email)).toEqual(expected);
  });

  test.each([
    ['?page=0', 'The page must be a whole number from 1.'],
    ['?page=abc', 'The page must be a whole number from 1.'],
    ['?page_size=101', 'The page size must be a whole number from 1 to 100.'],
    ['?stage=9', 'Please choose a lead stage from the list.'],
    ['?source=2', 'Please choose a source from the list (1, 3 or 4).'],
    ['?course_type=7', 'Please choose a course type from the list.'],
    ['?location=3', 'Please choose local (1) or international (2).'],
    [`?q=${'x'.repeat(101)}`, 'The search is too long (at most 100 characters).'],
  ])('a bad query %s is refused with a message', async (query, message) => {
    const res = await get(`/api/crm/leads${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
  });

  test('one lead by id, and 404 for an unknown or malformed id', async () => {
    const [newest] = (await page('?page_size=1')).leads;
    const res = await get(`/api/crm/leads/${newest?._id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(newest);
    for (const id of ['abcdefabcdefabcdefabcdef', 'nope', "1' OR '1'='1"]) {
      const missing = await get(`/api/crm/leads/${encodeURIComponent(id)}`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ message: LEAD_NOT_FOUND_MESSAGE });
    }
  });

  test('changing the stage persists and sets updated_at', async () => {
    const zoe = (await page('?q=zoe')).leads[0] as StaffLead;
    const patch = (body: unknown, id = zoe._id) =>
      server.app.inject({ method: 'PATCH', url: `/api/crm/leads/${id}`, headers: auth(), payload: body as object });
    const res = await patch({ stage: 2, version: zoe.version });
    expect(res.statusCode).toBe(200);
    const updated = res.json<StaffLead>();
    expect(updated.stage).toBe(2);
    expect(new Date(updated.updated_at).getTime()).toBeGreaterThan(new Date(zoe.updated_at).getTime());
    expect((await get(`/api/crm/leads/${zoe._id}`)).json<StaffLead>().stage).toBe(2);
    expect((await page('?stage=2')).leads.map((lead) => lead.email)).toEqual(['zoe.park@example.com']);

    for (const body of [{ stage: 9 }, { stage: 0 }, { stage: 'hot' }, {}, { stage: null }]) {
      const bad = await patch(body);
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ message: 'Please choose a lead stage from the list.' });
    }
    const unknown = await patch({ stage: 3, version: 1 }, 'abcdefabcdefabcdefabcdef');
    expect(unknown.statusCode).toBe(404);
    expect((await get(`/api/crm/leads/${zoe._id}`)).json<StaffLead>().stage).toBe(2);
  });

  test('the dashboard counts the last 30 days by stage and source and lists the newest leads', async () => {
    // An old lead (40 days ago) is in the inbox but outside the dashboard's window.
    await server.db.pool.query(
      `INSERT INTO leads (id, idempotency_key, first_name, last_name, email, phone, source, location, stage, created_at)
       VALUES ('0123456789abcdef01234567', 'old-lead-key', 'Old', 'Lead', 'old@example.com', '+14165550100', 3, 1, 4,
               now() - interval '40 days')`,
    );
    const res = await get('/api/crm/dashboard');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const answer = res.json<DashboardAnswer>();
    const since = new Date(answer.since).getTime();
    expect(Date.now() - since).toBeGreaterThan(29.9 * 86_400_000);
    expect(Date.now() - since).toBeLessThan(30.1 * 86_400_000);
    const stages = Object.fromEntries(answer.by_stage.map((s) => [s.stage, s.count]));
    expect(answer.by_stage.map((s) => s.stage)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    // Zoe was moved to stage 2 by the test above (tests in a file run in order).
    expect(stages[1]).toBe(3);
    expect(stages[2]).toBe(1);
    expect(stages[4]).toBe(0);
    expect(answer.by_source).toEqual([
      { source: 1, count: 1 },
      { source: 3, count: 1 },
      { source: 4, count: 2 },
    ]);
    expect(answer.newest.map((lead) => lead.email)).toEqual([...emails].reverse().concat('old@example.com'));
  });
});
