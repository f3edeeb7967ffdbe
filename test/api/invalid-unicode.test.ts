/**
 * Issue 21, defect 5: a lone surrogate (the JSON escape "\ud800", which JSON.parse turns into a
 * string that is not valid Unicode) used to be stored as U+FFFD and answered 201. Every endpoint
 * that takes text now refuses it with a 400 naming the field, before anything is stored; text
 * with real surrogate pairs (emoji) is still accepted.
 */
import { startTestServer, type TestServer } from '../support/server';
import { testDatabaseKinds } from '../support/database';
import { staffToken, validLead } from '../support/lead-fixtures';
import { invalidUnicodeMessage } from '../../server/http/unstorable-text';

const START_TIMEOUT_MS = 120_000;

describe.each(testDatabaseKinds())('text that is not valid Unicode (%s)', (kind) => {
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer({ kind, listen: false, env: { LEADS_RATE_LIMIT: '10000' } });
    token = await staffToken(server);
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await server?.close();
  });

  /** Sends the body as exact JSON text, so "\ud800" travels as the six-character escape. */
  const send = (method: 'POST' | 'PATCH' | 'PUT', url: string, json: string, staff = false) =>
    server.app.inject({
      method,
      url,
      payload: json,
      headers: { 'content-type': 'application/json', ...(staff ? { authorization: `Bearer ${token}` } : {}) },
    });
  const count = async (table: string) => Number((await server.db.pool.query(`SELECT count(*) AS n FROM ${table}`)).rows[0].n);

  test('a lead with "first_name":"Lone\\ud800": 400 in the widget shape naming the field, nothing stored', async () => {
    const before = await count('leads');
    const json = JSON.stringify(validLead({ first_name: 'PLACEHOLDER' })).replace('PLACEHOLDER', 'Lone\\ud800');
    expect(json).toContain('"first_name":"Lone\\ud800"');
    const res = await send('POST', '/api/leads', json);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      status: 'error',
      message: invalidUnicodeMessage('first_name'),
      errors: { first_name: invalidUnicodeMessage('first_name') },
    });
    expect(await count('leads')).toBe(before);
  });

  test('a catalogue item (an announcement) with a lone low surrogate in its title: 400 naming the field', async () => {
    const before = await count('announcements');
    const res = await send(
      'POST',
      '/api/crm/catalogue/announcements',
      '{"title":"Open \\udc00 house","body":"Come and see the lab.","published_at":"2025-03-01T09:00:00Z"}',
      true,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: invalidUnicodeMessage('title'), errors: { title: invalidUnicodeMessage('title') } });
    expect(await count('announcements')).toBe(before);
  });

  test.each([
    ['a staff invitation', 'POST', '/api/crm/staff', '{"name":"Ann\\ud83d","email":"ann@test.example","role":"counsellor"}', 'name'],
    ['a sign-in', 'POST', '/api/users/signin', '{"email":"a\\udfff@test.example","password":"whatever123"}', 'email'],
    ['a nested field', 'POST', '/api/crm/catalogue/courses', '{"fees":{"payment_plan":"x\\ud800"}}', 'fees.payment_plan'],
    ['an item of a list', 'POST', '/api/leads', '{"tags":["ok","\\ud800"]}', 'tags.1'],
    ['a field name', 'POST', '/api/leads', '{"first\\ud800name":"Ada"}', 'first\\ud800name'],
  ] as const)('%s: 400 naming the field', async (_name, method, url, json, field) => {
    const res = await send(method, url, json, url.startsWith('/api/crm'));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ [field]: invalidUnicodeMessage(field) });
  });

  test('surrogate pairs (emoji) are valid Unicode and still accepted', async () => {
    const { rows } = await server.db.pool.query<{ id: string }>('SELECT id FROM leads LIMIT 1');
    let leadId = rows[0]?.id.trim();
    if (!leadId) {
      const created = await send('POST', '/api/leads', JSON.stringify(validLead({ email: 'emoji@example.com' })));
      expect(created.statusCode).toBe(201);
      leadId = (await server.db.pool.query<{ id: string }>('SELECT id FROM leads LIMIT 1')).rows[0]?.id.trim();
    }
    const res = await send('POST', `/api/crm/leads/${leadId}/notes`, JSON.stringify({ text: 'Called back \ud83d\ude00 (pair)' }), true);
    expect(res.statusCode).toBe(201);
  });
});
