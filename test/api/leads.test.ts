import { startTestServer, type TestServer } from '../support/server';
import { testDatabaseKinds } from '../support/database';
import { testCourses, validLead, type TestCourses } from '../support/lead-fixtures';
import { NEED_ADVICE_COURSE_ID } from '../../src/contract';
import { LEAD_SUCCESS_MESSAGE, IDEMPOTENCY_KEY_MESSAGE } from '../../server/leads/lead-routes';
import { MESSAGES } from '../../server/leads/validate';

/** Starting a server (clone, migrate, seed, first admin) can take long on a busy 2-core machine. */
const START_TIMEOUT_MS = 120_000;

let keySeq = 0;
const freshKey = () => `test-key-${Date.now()}-${(keySeq += 1)}`;

describe.each(testDatabaseKinds())('POST /api/leads (%s)', (kind) => {
  let server: TestServer;
  let courses: TestCourses;

  beforeAll(async () => {
    server = await startTestServer({ kind, listen: false, env: { LEADS_RATE_LIMIT: '10000' } });
    courses = await testCourses(server);
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await server.close();
  });

  const post = (body: unknown, key: string | null = freshKey(), headers: Record<string, string> = {}) =>
    server.app.inject({
      method: 'POST',
      url: '/api/leads',
      headers: { 'content-type': 'application/json', ...(key ? { 'idempotency-key': key } : {}), ...headers },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });

  const rowsByKey = async (key: string) => (await server.db.pool.query('SELECT * FROM leads WHERE idempotency_key = $1', [key])).rows;
  const leadCount = async () => Number((await server.db.pool.query('SELECT count(*) AS n FROM leads')).rows[0].n);

  test('a valid lead is accepted and stored exactly as sent, with stage 1, status 1 and the time', async () => {
    const key = freshKey();
    const payload = validLead({
      first_name: '  Amelia ',
      course_id: courses.fullTime.id,
      course_type: 1,
      location: 2,
      financial_aid: true,
      source: 3,
      utm_source: 'google',
      utm_medium: 'cpc',
      utm_campaign: 'fall-intake',
      utm_term: 'network course',
      utm_content: 'ad-1',
      landing_page: 'https://partner.example/landing?x=1',
      referrer: 'https://www.google.com/',
      // Unknown fields, some naming real columns: none may reach the table.
      stage: 6,
      status: 2,
      id: 'ffffffffffffffffffffffff',
      created_at: '2001-01-01T00:00:00Z',
      is_admin: true,
    });
    const before = Date.now();
    const res = await post(payload, key);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ status: 'success', message: LEAD_SUCCESS_MESSAGE });

    const rows = await rowsByKey(key);
    expect(rows).toHaveLength(1);
    const row = rows[0];
    expect(row).toMatchObject({
      first_name: 'Amelia',
      last_name: 'Okafor',
      email: 'amelia.okafor@example.com',
      phone: '+14165550123',
      lead_type: 1,
      address: '',
      source: 3,
      course_type: 1,
      location: 2,
      financial_aid: true,
      stage: 1,
      status: 1,
      utm_source: 'google',
      utm_medium: 'cpc',
      utm_campaign: 'fall-intake',
      utm_term: 'network course',
      utm_content: 'ad-1',
      landing_page: 'https://partner.example/landing?x=1',
      referrer: 'https://www.google.com/',
    });
    expect(row.course_id.trim()).toBe(courses.fullTime.id);
    expect(row.id.trim()).toMatch(/^[0-9a-f]{24}$/);
    expect(row.id.trim()).not.toBe('ffffffffffffffffffffffff');
    const created = new Date(row.created_at).getTime();
    expect(created).toBeGreaterThanOrEqual(before - 1000);
    expect(created).toBeLessThanOrEqual(Date.now() + 1000);
    expect(Object.keys(row)).not.toContain('is_admin');
  });

  test('optional parts: no course, empty extras, numeric strings from selects, national phone', async () => {
    const key = freshKey();
    // Absent lead_type, address and financial_aid take their defaults (1, '', false).
    const payload = validLead({
      location: '2',
      source: '4',
      phone: '(416) 555-0123',
      utm_source: '',
      referrer: '',
      lead_type: undefined,
      address: undefined,
      financial_aid: undefined,
    });
    const res = await post(payload, key);
    expect(res.statusCode).toBe(201);
    const [row] = await rowsByKey(key);
    expect(row).toMatchObject({
      lead_type: 1,
      location: 2,
      source: 4,
      course_id: null,
      course_type: null,
      financial_aid: false,
      address: '',
      utm_source: null,
      referrer: null,
      phone: '(416) 555-0123',
    });
  });

  test('a missing course type is taken from the course', async () => {
    const key = freshKey();
    const res = await post(validLead({ course_id: courses.partTime.id, course_type: '' }), key);
    expect(res.statusCode).toBe(201);
    expect((await rowsByKey(key))[0]).toMatchObject({ course_type: courses.partTime.course_type });
  });

  test('the need-advice course is accepted with or without a course type', async () => {
    for (const courseType of ['', 2] as const) {
      const key = freshKey();
      const res = await post(validLead({ course_id: NEED_ADVICE_COURSE_ID, course_type: courseType }), key);
      expect(res.statusCode).toBe(201);
      const [row] = await rowsByKey(key);
      expect(row.course_id).toBe(NEED_ADVICE_COURSE_ID);
      expect(row.course_type).toBe(courseType === '' ? null : 2);
    }
  });

  const long = (n: number) => 'x'.repeat(n);
  const rejections: [string, Record<string, unknown>, string | RegExp][] = [
    ['missing first name', { first_name: undefined }, MESSAGES.firstName],
    ['blank first name', { first_name: '   ' }, MESSAGES.firstName],
    ['first name not text', { first_name: 42 }, MESSAGES.firstName],
    ['first name too long', { first_name: long(101) }, /first name is too long/],
    ['missing last name', { last_name: undefined }, MESSAGES.lastName],
    ['blank last name', { last_name: '' }, MESSAGES.lastName],
    ['last name too long', { last_name: long(101) }, /last name is too long/],
    ['missing email', { email: undefined }, MESSAGES.email],
    ['malformed email', { email: 'amelia.example.com' }, MESSAGES.email],
    ['email without domain', { email: 'amelia@' }, MESSAGES.email],
    ['email too long', { email: `${long(250)}@example.com` }, MESSAGES.email],
    ['missing phone', { phone: undefined }, MESSAGES.phone],
    ['empty phone', { phone: '' }, MESSAGES.phone],
    ['phone under 7 characters', { phone: '+14165' }, MESSAGES.phone],
    ['phone not a real number', { phone: '+1416555' }, MESSAGES.phone],
    ['phone letters', { phone: 'call me maybe' }, MESSAGES.phone],
    ['phone as a number', { phone: 14165550123 }, MESSAGES.phone],
    ['phone too long', { phone: `+1416555012${'3'.repeat(30)}` }, MESSAGES.phone],
    ['lead_type 2', { lead_type: 2 }, MESSAGES.leadType],
    ['address not text', { address: { street: 'x' } }, MESSAGES.address],
    ['address too long', { address: long(501) }, MESSAGES.address],
    ['source 2', { source: 2 }, MESSAGES.source],
    ['source 5', { source: 5 }, MESSAGES.source],
    ['source text', { source: 'google' }, MESSAGES.source],
    ['course id malformed', { course_id: 'network-specialist' }, MESSAGES.courseId],
    ['course id unknown', { course_id: 'abcdefabcdefabcdefabcdef' }, MESSAGES.courseId],
    ['course type 4', { course_type: 4 }, MESSAGES.courseType],
    ['course type text', { course_type: 'full' }, MESSAGES.courseType],
    ['missing location', { location: undefined }, MESSAGES.location],
    ['location 3', { location: 3 }, MESSAGES.location],
    ['financial aid text', { financial_aid: 'yes' }, MESSAGES.financialAid],
    ['financial aid number', { financial_aid: 1 }, MESSAGES.financialAid],
    ['utm_source not text', { utm_source: 7 }, 'utm_source must be text.'],
    ['utm_medium not text', { utm_medium: true }, 'utm_medium must be text.'],
    ['utm_campaign not text', { utm_campaign: {} }, 'utm_campaign must be text.'],
    ['utm_term not text', { utm_term: 1 }, 'utm_term must be text.'],
    ['utm_content not text', { utm_content: [] }, 'utm_content must be text.'],
    ['landing_page not text', { landing_page: 12 }, 'landing_page must be text.'],
    ['referrer not text', { referrer: ['x'] }, 'referrer must be text.'],
  ];

  test.each(rejections)('rejects %s with a 400 and its message, storing nothing', async (_label, change, message) => {
    const before = await leadCount();
    const payload = validLead(change);
    const res = await post(payload);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.status).toBe('error');
    const expected = typeof message === 'string' ? message : expect.stringMatching(message);
    expect(body.message).toEqual(expected);
    // The seed's {status, message}, plus the field it is about (only the changed field is wrong).
    expect(Object.keys(body).sort()).toEqual(['errors', 'message', 'status']);
    expect(body.errors).toEqual({ [Object.keys(change)[0] as string]: expected });
    expect(await leadCount()).toBe(before);
  });

  test('over-long attribution extras are cut to their limits, not refused', async () => {
    const key = freshKey();
    const res = await post(validLead({ utm_source: ` ${long(600)}`, landing_page: `https://x.example/${long(3000)}` }), key);
    expect(res.statusCode).toBe(201);
    const [row] = await rowsByKey(key);
    expect(row.utm_source).toBe(long(500));
    expect(row.landing_page).toHaveLength(2000);
  });

  test('an inactive course is refused', async () => {
    const res = await post(validLead({ course_id: courses.inactiveId }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 'error', message: MESSAGES.courseId, errors: { course_id: MESSAGES.courseId } });
  });

  test('a course type that does not match the course is refused', async () => {
    const res = await post(validLead({ course_id: courses.fullTime.id, course_type: 2 }));
    expect(res.statusCode).toBe(400);
    const message = 'The selected course is a Full Time course. Please choose the Full Time course type or another course.';
    expect(res.json()).toEqual({ status: 'error', message, errors: { course_id: message } });
  });

  test('every invalid field is answered at once, the first one in form order as the message', async () => {
    const before = await leadCount();
    const res = await post(validLead({ email: 'nope', first_name: '', phone: '12', location: 9, course_id: courses.inactiveId }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      status: 'error',
      message: MESSAGES.firstName,
      errors: {
        first_name: MESSAGES.firstName,
        email: MESSAGES.email,
        phone: MESSAGES.phone,
        course_id: MESSAGES.courseId,
        location: MESSAGES.location,
      },
    });
    expect(await leadCount()).toBe(before);
  });

  test('bodies that are not a lead object are refused in the same shape', async () => {
    for (const body of ['[1,2]', '"hello"', 'null']) {
      const res = await post(body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ status: 'error', message: MESSAGES.body });
    }
    const broken = await post('{"first_name": ');
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ status: 'error', message: 'The request body is not valid JSON.' });
    const huge = await post(validLead({ address: long(20_000) }));
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ status: 'error', message: 'The request is too large.' });
  });

  test('the same Idempotency-Key twice creates one lead and answers success both times', async () => {
    const key = freshKey();
    const first = await post(validLead(), key);
    const second = await post(validLead(), key);
    for (const res of [first, second]) {
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ status: 'success', message: LEAD_SUCCESS_MESSAGE });
    }
    expect(await rowsByKey(key)).toHaveLength(1);
  });

  test('concurrent double submits with one key create one lead', async () => {
    const key = freshKey();
    const answers = await Promise.all(Array.from({ length: 5 }, () => post(validLead(), key)));
    expect(answers.map((res) => res.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(await rowsByKey(key)).toHaveLength(1);
  });

  test('without a key the server generates one per submission', async () => {
    const email = `nokey-${Date.now()}@example.com`;
    const res = await post(validLead({ email }), null);
    expect(res.statusCode).toBe(201);
    const { rows } = await server.db.pool.query('SELECT idempotency_key FROM leads WHERE email = $1', [email]);
    expect(rows).toHaveLength(1);
    expect(rows[0].idempotency_key).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
  });

  test.each([['short'], ['has spaces in it'], ['x'.repeat(101)], ['semi;colon;key']])(
    'an invalid Idempotency-Key (%s) is refused',
    async (key) => {
      const res = await post(validLead(), key);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ status: 'error', message: IDEMPOTENCY_KEY_MESSAGE });
    },
  );

  test('a filled honeypot is refused with a generic message and not stored', async () => {
    const key = freshKey();
    const res = await post(validLead({ website: 'http://spam.example' }), key);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 'error', message: MESSAGES.honeypot });
    expect(await rowsByKey(key)).toHaveLength(0);
    const empty = await post(validLead({ website: '' }));
    expect(empty.statusCode).toBe(201);
  });

  test('other origins may post leads (CORS open, no credentials) and answers are not cached', async () => {
    const res = await post(validLead(), freshKey(), { origin: 'https://partner.example' });
    expect(res.statusCode).toBe(201);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-store');
  });
});
