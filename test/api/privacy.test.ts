/**
 * Privacy requests (issue 22, PIPEDA) on both databases: the export of everything held about a
 * person (each kind of record, JSON and a readable page, only with the export permission, recorded),
 * requests with their 30-day term, anonymisation (everything personal replaced, counts and dates
 * kept, recorded without personal data, twice = once) and the retention schedule with a given `now`.
 */
import { linkColumn } from '../../server/privacy/personal-tables';
import { startTestServer, type TestServer } from '../support/server';
import { testDatabaseKinds } from '../support/database';
import { staffToken, testCourses, validLead, type TestCourses } from '../support/lead-fixtures';
import { addStaff, type TestStaff } from '../support/crm-staff';
import type { StaffLeadPage } from '../../src/contract';
import type { TimelineAnswer } from '../../src/crm-contract';
import type { PrivacyExport, PrivacyPanel, PrivacyRequest } from '../../src/privacy-contract';
import { ADMIN_ONLY_MESSAGE, EXPORT_ONLY_MESSAGE } from '../../server/auth/guards';
import { CONTACT_SOURCES, PERSONAL_TABLES } from '../../server/privacy/registry';
import { runRetention } from '../../server/privacy/retention';
import { REQUEST_CLOSED_MESSAGE } from '../../server/privacy/requests';
import { LINK_MAIL_IN_EXPORT } from '../../server/privacy/export';
import { escapeHtml } from '../../src/escape-html';
import { RETENTION_CRON, RETENTION_QUEUE } from '../../server/privacy/retention-job';
import { jobsSchemaFor } from '../../server/jobs/job-queue';

const START_TIMEOUT_MS = 120_000;
const DAY = 86_400_000;
const PAT = { first_name: 'Patricia', last_name: 'Quimby', phone: '+14165550177', address: '12 Elm Street' };
const NOTE = 'Pat <script>alert(1)</script> prefers evenings';
const SUBJECT = 'Call Patricia about the intake';
const MAIL_BODY = 'Dear Patricia, here is the schedule.';

describe.each(testDatabaseKinds())('privacy requests, export and anonymisation (%s)', (kind) => {
  let server: TestServer;
  let adminToken: string;
  let cleo: TestStaff;
  let exporter: TestStaff;
  let patIds: string[];
  let courses: TestCourses;

  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, token: string, payload?: object) =>
    server.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
  const sql = async <R extends Record<string, unknown>>(text: string, params: unknown[] = []) =>
    (await server.db.pool.query<R>(text, params)).rows;
  const submit = async (overrides: Record<string, unknown>) => {
    const res = await server.app.inject({ method: 'POST', url: '/api/leads', payload: validLead(overrides) });
    expect(res.statusCode).toBe(201);
  };
  const leadIdsOf = async (email: string) =>
    (await sql<{ id: string }>('SELECT id::text AS id FROM leads WHERE lower(email) = lower($1) ORDER BY created_at, id', [email])).map(
      (row) => row.id,
    );
  const auditOf = (action: string) =>
    sql<{ actor_id: string | null; details: Record<string, unknown> }>(
      'SELECT actor_id::text AS actor_id, details FROM audit_log WHERE action = $1 ORDER BY id',
      [action],
    );
  /** A person whose every trace is `monthsAgo` old. */
  const oldPerson = async (email: string, monthsAgo: number) => {
    await submit({ email, first_name: 'Olde', last_name: 'Timer' });
    const at = new Date(Date.now() - monthsAgo * 31 * DAY);
    await sql('UPDATE leads SET created_at = $2, updated_at = $2 WHERE lower(email) = $1', [email, at]);
    return (await leadIdsOf(email))[0] ?? '';
  };

  beforeAll(async () => {
    server = await startTestServer({ kind, listen: false, env: { LEADS_RATE_LIMIT: '10000' } });
    adminToken = await staffToken(server);
    cleo = await addStaff(server, 'Cleo Counsellor');
    exporter = await addStaff(server, 'Eve Exporter');
    await sql('UPDATE users SET lead_exporter = true WHERE id = $1', [exporter.id]);
    // One person, two inquiries (the address in another case), and someone else.
    courses = await testCourses(server);
    await submit({ ...PAT, email: 'Pat.Quimby@Example.com', course_id: courses.fullTime.id, course_type: 1 });
    await submit({ ...PAT, email: 'pat.quimby@example.com', source: 3 });
    await submit({ email: 'bystander@example.com', first_name: 'Bea', last_name: 'Stander' });
    patIds = await leadIdsOf('pat.quimby@example.com');
    // The inquiry's confirmation (it carries a personal link) is queued by the lead notifier after
    // the insert, not by it: wait for it, or a busy machine exports before it exists.
    for (const end = Date.now() + 30_000; Date.now() < end; await new Promise((resolve) => setTimeout(resolve, 50))) {
      const [queued] = await sql<{ n: number }>(
        `SELECT count(*)::int AS n FROM mail_queue WHERE lower(to_address) = 'pat.quimby@example.com'`,
      );
      if ((queued?.n ?? 0) > 0) break;
    }
    const [first = '', second = ''] = patIds;
    expect((await call('POST', `/api/crm/leads/${first}/notes`, cleo.token, { text: NOTE })).statusCode).toBe(201);
    const activity = {
      type: 1,
      subject: SUBJECT,
      notes: 'Mention the bursary',
      due_at: new Date(Date.now() + DAY).toISOString(),
      owner_id: cleo.id,
    };
    expect((await call('POST', `/api/crm/leads/${second}/activities`, cleo.token, activity)).statusCode).toBe(201);
    expect((await call('PATCH', `/api/crm/leads/${second}`, cleo.token, { version: 1, stage: 2 })).statusCode).toBe(200);
    await sql(
      `INSERT INTO lead_emails (lead_id, sent_by, purpose, to_address, subject, body_text, reply_token, message_id)
       VALUES ($1, $2, 'transactional', 'pat.quimby@example.com', 'Your schedule, Patricia', $3, 'tok-privacy-test', 'mid@privacy.test')`,
      [first, cleo.id, MAIL_BODY],
    );
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await server.close();
  });

  test('the registry names only tables and columns that exist', async () => {
    const columns = new Set(
      (
        await sql<{ name: string }>(
          `SELECT table_name || '.' || column_name AS name FROM information_schema.columns WHERE table_schema = current_schema()`,
        )
      ).map((row) => row.name),
    );
    for (const entry of PERSONAL_TABLES) {
      const link = linkColumn(entry);
      for (const column of [link, ...Object.keys(entry.scrub)]) expect(columns).toContain(`${entry.table}.${column}`);
    }
    for (const source of CONTACT_SOURCES) {
      for (const column of [source.leadColumn, ...source.timeColumns]) expect(columns).toContain(`${source.table}.${column}`);
    }
  });

  test('the export needs the export permission, holds every kind of record of the person, and is recorded', async () => {
    const url = `/api/crm/leads/${patIds[1]}/privacy-export`;
    const refused = await call('GET', url, cleo.token);
    expect([refused.statusCode, refused.json()]).toEqual([403, { message: EXPORT_ONLY_MESSAGE }]);
    expect(await auditOf('privacy.exported')).toEqual([]);

    const res = await call('GET', url, exporter.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="privacy-export-[0-9a-f]{24}-\d{4}-\d{2}-\d{2}\.json"$/);
    const data = res.json<PrivacyExport>();
    expect(data.person).toEqual({ email: 'pat.quimby@example.com', lead_ids: patIds });
    const rows = (table: string) => data.sections.find((section) => section.table === table)?.rows ?? [];
    expect(rows('leads').map((lead) => lead.email)).toEqual(['Pat.Quimby@Example.com', 'pat.quimby@example.com']);
    expect(rows('lead_events').map((event) => event.detail)).toEqual(expect.arrayContaining([{ text: NOTE }, { from: 1, to: 2 }]));
    expect(rows('activities').map((activity) => activity.subject)).toEqual([SUBJECT]);
    expect(rows('lead_emails').map((mail) => mail.body_text)).toEqual([MAIL_BODY]);
    expect(JSON.stringify(data)).not.toContain('bystander');

    const [entry] = await auditOf('privacy.exported');
    expect(entry).toEqual({ actor_id: exporter.id, details: { lead_id: patIds[1], leads: 2, rows: expect.any(Number), format: 'json' } });
  });

  test('the readable page is escaped HTML in words: records grouped by kind, names not ids, Toronto time, no internal fields', async () => {
    // The first inquiry at a known instant: 20:30 UTC is 3:30 p.m. in Toronto (EST).
    await sql("UPDATE leads SET created_at = '2026-11-27T20:30:00Z' WHERE id = $1", [patIds[0]]);
    const res = await call('GET', `/api/crm/leads/${patIds[0]}/privacy-export.html`, adminToken);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const page = res.body;
    for (const heading of ['Inquiries (2)', 'Notes (1)', 'Activities (1)', 'E-mails', 'Consent', 'Event registrations']) {
      expect(page).toMatch(new RegExp(`<h2>${heading.replace(/[()]/g, '\\$&')}( \\(\\d+\\))?</h2>`));
    }
    expect(page).toContain('<h3>Inquiry of November 27, 2026 at 3:30 p.m.</h3>');
    expect(page).toContain('<th scope="row">Stage</th><td>New Lead</td>');
    expect(page).toContain('<th scope="row">Stage</th><td>Hot Lead</td>');
    expect(page).toContain('Stage changed from New Lead to Hot Lead');
    expect(page).toContain('<th scope="row">How you found us</th><td>Search ad</td>');
    expect(page).toContain(`<th scope="row">Program</th><td>${courses.fullTime.name}</td>`);
    expect(page).toContain('<th scope="row">Phone</th><td>416-555-0177</td>');
    expect(page).toContain(`<h3>Call: ${SUBJECT}</h3>`);
    expect(page).toContain(MAIL_BODY);
    expect(page).toContain('Pat &lt;script&gt;alert(1)&lt;/script&gt; prefers evenings');
    expect(page).not.toContain('<script>');
    // A mail that held a personal link says so instead of its text.
    expect(page).toContain(escapeHtml(LINK_MAIL_IN_EXPORT));
    for (const internal of [
      'payload_hash',
      'idempotency_key',
      'search_text',
      'phone_e164',
      'reply_token',
      'tok-privacy-test',
      ...patIds,
      courses.fullTime.id,
    ]) {
      expect(page).not.toContain(internal);
    }
    // No time in the page's words is UTC's ISO form.
    expect(page).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:/);
    expect((await auditOf('privacy.exported')).at(-1)?.details.format).toBe('html');
    // The JSON keeps every stored value under its column's name.
    const json = (await call('GET', `/api/crm/leads/${patIds[0]}/privacy-export`, adminToken)).json<PrivacyExport>();
    const first = json.sections.find((section) => section.table === 'leads')?.rows[0];
    expect(first).toEqual(
      expect.objectContaining({ id: patIds[0], stage: 1, course_id: courses.fullTime.id, payload_hash: expect.any(String) }),
    );
  });

  test('a request is due in 30 days, shows on the card and the timeline, and closes once', async () => {
    const opened = await call('POST', `/api/crm/leads/${patIds[0]}/privacy-requests`, cleo.token, { kind: 'access' });
    expect(opened.statusCode).toBe(201);
    const request = opened.json<PrivacyRequest>();
    expect(Date.parse(request.due_at) - Date.parse(request.opened_at)).toBe(30 * DAY);
    expect([request.closed_at, request.opened_by?.name]).toEqual([null, 'Cleo Counsellor']);
    const bad = await call('POST', `/api/crm/leads/${patIds[0]}/privacy-requests`, cleo.token, { kind: 'forget' });
    expect(bad.statusCode).toBe(400);

    // The person's other lead sees it too.
    const panel = (await call('GET', `/api/crm/leads/${patIds[1]}/privacy`, cleo.token)).json<PrivacyPanel>();
    expect([panel.leads, panel.anonymised_at, panel.requests.map((r) => r._id)]).toEqual([2, null, [request._id]]);

    const closed = await call('POST', `/api/crm/privacy-requests/${request._id}/close`, cleo.token);
    expect([closed.statusCode, closed.json<PrivacyRequest>().closed_by?.name]).toEqual([200, 'Cleo Counsellor']);
    const again = await call('POST', `/api/crm/privacy-requests/${request._id}/close`, cleo.token);
    expect([again.statusCode, again.json()]).toEqual([409, { message: REQUEST_CLOSED_MESSAGE }]);
    expect((await call('POST', '/api/crm/privacy-requests/999999/close', cleo.token)).statusCode).toBe(404);

    const timeline = (await call('GET', `/api/crm/leads/${patIds[0]}/timeline`, cleo.token)).json<TimelineAnswer>();
    expect(timeline.entries.filter((e) => e.kind === 'privacy_request')).toMatchObject([
      { action: 'opened', request: 'access' },
      { action: 'closed', request: 'access' },
    ]);
    expect((await auditOf('privacy.request_opened')).map((e) => e.details.kind)).toEqual(['access']);
    expect((await auditOf('privacy.request_closed')).length).toBe(1);
  });

  test('anonymising (admins) replaces everything personal, keeps counts and dates, is recorded, and twice is once', async () => {
    const url = `/api/crm/leads/${patIds[0]}/anonymise`;
    const refused = await call('POST', url, exporter.token);
    expect([refused.statusCode, refused.json()]).toEqual([403, { message: ADMIN_ONLY_MESSAGE }]);
    const before = await sql<{ id: string; created_at: Date; stage: number; source: number }>(
      'SELECT id::text AS id, created_at, stage, source FROM leads WHERE id = ANY($1) ORDER BY id',
      [patIds],
    );
    const activitiesBefore = await sql('SELECT due_at, created_at, type FROM activities WHERE lead_id = ANY($1)', [patIds]);

    const res = await call('POST', url, adminToken);
    expect(res.statusCode).toBe(200);
    expect(res.json<{ rows: Record<string, number> }>().rows).toMatchObject({
      leads: 2,
      activities: 1,
      lead_emails: 1,
      privacy_requests: 1,
    });

    const exported = (await call('GET', `/api/crm/leads/${patIds[0]}/privacy-export`, adminToken)).json<PrivacyExport>();
    const text = JSON.stringify(exported.sections);
    for (const personal of ['Patricia', 'Quimby', 'pat.quimby', '5550177', 'Elm Street', 'evenings', 'bursary', 'Your schedule', 'Dear'])
      expect(text).not.toContain(personal);
    const leads = exported.sections.find((s) => s.table === 'leads')?.rows ?? [];
    const address = String(leads[0]?.email);
    expect(address).toMatch(/^anonymised-[0-9a-f]{16}@anonymised\.invalid$/);
    expect(leads.map((lead) => [lead.email, lead.first_name, lead.phone])).toEqual([
      [address, '[removed]', ''],
      [address, '[removed]', ''],
    ]);
    expect(await sql('SELECT id::text AS id, created_at, stage, source FROM leads WHERE id = ANY($1) ORDER BY id', [patIds])).toEqual(
      before,
    );
    expect(await sql('SELECT due_at, created_at, type FROM activities WHERE lead_id = ANY($1)', [patIds])).toEqual(activitiesBefore);
    const events = exported.sections.find((s) => s.table === 'lead_events')?.rows.map((row) => row.detail) ?? [];
    expect(events).toEqual(expect.arrayContaining([{ text: '[removed]' }, { from: 1, to: 2 }]));

    const search = (await call('GET', '/api/crm/leads?q=pat.quimby', adminToken)).json<StaffLeadPage>();
    expect(search.total).toBe(0);
    const bystander = await sql<{ first_name: string }>("SELECT first_name FROM leads WHERE email = 'bystander@example.com'");
    expect(bystander).toEqual([{ first_name: 'Bea' }]);

    const [entry] = await auditOf('privacy.anonymised');
    expect(entry?.details).toMatchObject({ lead_ids: patIds, reason: 'request', rows: { leads: 2 } });
    expect(JSON.stringify(entry)).not.toMatch(/quimby|patricia|anonymised-/i);
    const timeline = (await call('GET', `/api/crm/leads/${patIds[1]}/timeline`, cleo.token)).json<TimelineAnswer>();
    expect(timeline.entries.at(-1)).toMatchObject({ kind: 'anonymised', by: { _id: expect.any(String) } });

    const snapshot = () =>
      sql('SELECT id, first_name, last_name, email, phone, address, anonymised_at FROM leads WHERE id = ANY($1) ORDER BY id', [patIds]);
    const once = await snapshot();
    expect((await call('POST', url, adminToken)).statusCode).toBe(200);
    expect(await snapshot()).toEqual(once);
    const panel = (await call('GET', `/api/crm/leads/${patIds[0]}/privacy`, cleo.token)).json<PrivacyPanel>();
    expect(panel.anonymised_at).not.toBeNull();
  });

  test('retention anonymises only people quiet for N months, skips open requests, and a second run changes nothing', async () => {
    const old = await oldPerson('old.quiet@example.com', 30);
    const requested = await oldPerson('old.asked@example.com', 30);
    await sql(
      `INSERT INTO privacy_requests (kind, email, lead_id, due_at) VALUES ('access', 'old.asked@example.com', $1, now() + interval '30 days')`,
      [requested],
    );
    const recent = await oldPerson('recent@example.com', 6);
    const busy = await oldPerson('old.busy@example.com', 30);
    const activity = { type: 1, subject: 'Follow up', due_at: new Date(Date.now() + DAY).toISOString(), owner_id: cleo.id };
    expect((await call('POST', `/api/crm/leads/${busy}/activities`, cleo.token, activity)).statusCode).toBe(201);

    const auditBefore = (await auditOf('privacy.anonymised')).length;
    expect(await runRetention(server.db, { now: new Date(), months: 0 })).toBe(0);
    expect(await runRetention(server.db, { now: new Date(), months: 24, batch: 1 })).toBe(1);
    const state = await sql<{ id: string; anonymised: boolean; first_name: string }>(
      'SELECT id::text AS id, anonymised_at IS NOT NULL AS anonymised, first_name FROM leads WHERE id = ANY($1) ORDER BY id',
      [[old, requested, recent, busy]],
    );
    const byId = new Map(state.map((row) => [row.id, [row.anonymised, row.first_name]]));
    expect([old, requested, recent, busy].map((id) => byId.get(id))).toEqual([
      [true, '[removed]'],
      [false, 'Olde'],
      [false, 'Olde'],
      [false, 'Olde'],
    ]);
    const entries = await auditOf('privacy.anonymised');
    expect(entries.slice(auditBefore)).toEqual([
      { actor_id: null, details: { lead_ids: [old], rows: expect.any(Object), reason: 'retention', months: 24 } },
    ]);

    expect(await runRetention(server.db, { now: new Date(), months: 24 })).toBe(0);
    expect((await auditOf('privacy.anonymised')).length).toBe(auditBefore + 1);
    // The server runs it daily, once across instances (the schedule lives in the database).
    const schedules = await sql<{ name: string; cron: string }>(
      `SELECT name, cron FROM ${jobsSchemaFor(server.db)}.schedule WHERE name = $1`,
      [RETENTION_QUEUE.name],
    );
    expect(schedules).toEqual([{ name: RETENTION_QUEUE.name, cron: RETENTION_CRON }]);
  });
});
