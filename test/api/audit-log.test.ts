/**
 * Issue 21: the audit log (who, when, from which address, what; append-only; admins read it with
 * filters and export it, the export itself recorded) and least privilege for personal data (lead
 * export needs the export permission; another owner's activity needs an admin; paging through
 * many leads is open to every member and recorded past a mark).
 */
import { startTestServer, type TestServer } from '../support/server';
import { testDatabaseKinds } from '../support/database';
import { validLead } from '../support/lead-fixtures';
import { addStaff, userIdByEmail, type TestStaff } from '../support/crm-staff';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/staff';
import { call as catalogueCall } from '../support/catalogue-editing';
import type { StaffLeadPage } from '../../src/contract';
import type { Activity, StaffMember } from '../../src/crm-contract';
import type { AuditEntry, AuditPage } from '../../src/audit-contract';
import { ADMIN_ONLY_MESSAGE, EXPORT_ONLY_MESSAGE } from '../../server/auth/guards';
import { NOT_YOUR_ACTIVITY_MESSAGE } from '../../server/crm/activities-store';
import { DAY_MESSAGE, RANGE_MESSAGE } from '../../server/audit/audit-query';
import { AUDIT_CSV_COLUMNS } from '../../server/audit/audit-store';
import { BULK_READ_LEADS } from '../../server/audit/bulk-reads';
import { MANUAL_ENROLMENT_ONLY } from '../../src/sequence-text';

const START_TIMEOUT_MS = 120_000;
const CLIENT = '203.0.113.7';
const WRONG_PASSWORD = 'not the password at all 123';

describe.each(testDatabaseKinds())('audit log and least privilege (%s)', (kind) => {
  let server: TestServer;
  let admin: TestStaff;
  let counsellor: TestStaff;
  let other: TestStaff;

  // One proxy in front (TRUST_PROXY=1): the client is the address the proxy appended.
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, token: string | null, payload?: object) =>
    server.app.inject({
      method,
      url,
      remoteAddress: '10.0.0.5',
      headers: { 'x-forwarded-for': CLIENT, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(payload ? { payload } : {}),
    });
  const audit = async (query = '', token = admin.token) => {
    const res = await call('GET', `/api/crm/audit${query}`, token);
    expect(res.statusCode).toBe(200);
    return res.json<AuditPage>();
  };
  const newest = async (action: string) => (await audit(`?action=${action}&page_size=1`)).entries[0] as AuditEntry;
  const member = async (id: string) =>
    (await call('GET', '/api/crm/staff', admin.token)).json<{ staff: StaffMember[] }>().staff.find((m) => m._id === id) as StaffMember;

  beforeAll(async () => {
    server = await startTestServer({ kind, listen: false, env: { TRUST_PROXY: '1', LEADS_RATE_LIMIT: '10000' } });
    const signedIn = (await call('POST', '/api/users/signin', null, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).json<{
      token: string;
    }>();
    admin = { id: await userIdByEmail(server, ADMIN_EMAIL), name: 'Admin', email: ADMIN_EMAIL, token: signedIn.token };
    counsellor = await addStaff(server, 'Cora Counsellor');
    other = await addStaff(server, 'Otto Other');
    const lead = await call('POST', '/api/leads', null, validLead({ first_name: 'Audrey', email: 'audrey@example.com' }));
    expect(lead.statusCode).toBe(201);
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await server.close();
  });

  test('sign-ins and failures are recorded with who, when and the client address (TRUST_PROXY applied), never the password', async () => {
    const ok = await newest('signin.succeeded');
    expect(ok).toMatchObject({ actor: { _id: admin.id }, ip: CLIENT, details: { email: ADMIN_EMAIL } });
    expect(Date.now() - Date.parse(ok.at)).toBeLessThan(10 * 60_000);
    expect((await call('POST', '/api/users/signin', null, { email: ADMIN_EMAIL, password: WRONG_PASSWORD })).statusCode).toBe(401);
    expect(await newest('signin.failed')).toMatchObject({
      actor: { _id: admin.id },
      ip: CLIENT,
      details: { email: ADMIN_EMAIL, reason: 'password' },
    });
    expect((await call('POST', '/api/users/signin', null, { email: 'nobody@test.example', password: WRONG_PASSWORD })).statusCode).toBe(
      401,
    );
    expect(await newest('signin.failed')).toMatchObject({ actor: null, details: { email: 'nobody@test.example' } });
    const { rows } = await server.db.pool.query<{ all: string }>("SELECT string_agg(details::text, ' ') AS all FROM audit_log");
    expect(rows[0]?.all).not.toContain(WRONG_PASSWORD);
    expect(rows[0]?.all).not.toContain(ADMIN_PASSWORD);
  });

  test('only admins read the log: a counsellor gets 403, a signed-out call 401', async () => {
    const res = await call('GET', '/api/crm/audit', counsellor.token);
    expect([res.statusCode, res.json()]).toEqual([403, { message: ADMIN_ONLY_MESSAGE }]);
    expect((await call('GET', '/api/crm/audit.csv', counsellor.token)).statusCode).toBe(403);
    expect((await call('GET', '/api/crm/audit', null)).statusCode).toBe(401);
  });

  test('a counsellor without the export permission gets 403 and nothing is exported; an admin grants it; the export is recorded with filter and rows', async () => {
    const refused = await call('GET', '/api/crm/leads.csv', counsellor.token);
    expect([refused.statusCode, refused.json()]).toEqual([403, { message: EXPORT_ONLY_MESSAGE }]);
    expect((await audit('?action=leads.exported')).total).toBe(0);

    const before = await member(counsellor.id);
    expect(before.lead_exporter).toBe(false);
    const grant = await call('PATCH', `/api/crm/staff/${counsellor.id}`, admin.token, { version: before.version, lead_exporter: true });
    expect([grant.statusCode, grant.json<StaffMember>().lead_exporter]).toEqual([200, true]);
    expect(await newest('staff.permission_changed')).toMatchObject({
      actor: { _id: admin.id },
      ip: CLIENT,
      details: { target_id: counsellor.id, permission: 'lead_exporter', granted: true },
    });
    // The member's own account says so (the CRM shows the export button from it).
    expect((await call('GET', '/api/users/account', counsellor.token)).json<{ user: StaffMember }>().user.lead_exporter).toBe(true);

    const csv = await call('GET', '/api/crm/leads.csv?location=1&q=audrey', counsellor.token);
    expect(csv.statusCode).toBe(200);
    expect(await newest('leads.exported')).toMatchObject({
      actor: { _id: counsellor.id },
      ip: CLIENT,
      details: { filter: { location: 1, q: 'audrey' }, rows: 1 },
    });
    // Admins always may.
    expect((await call('GET', '/api/crm/leads.csv?owner=none', admin.token)).statusCode).toBe(200);
    expect((await audit('?action=leads.exported')).total).toBe(2);
  });

  test('role changes, deactivation, reactivation and invitations are recorded', async () => {
    let version = (await member(other.id)).version;
    const patch = async (body: object) => {
      const res = await call('PATCH', `/api/crm/staff/${other.id}`, admin.token, { version, ...body });
      expect(res.statusCode).toBe(200);
      version = res.json<StaffMember>().version;
    };
    await patch({ role: 'admin' });
    expect(await newest('staff.role_changed')).toMatchObject({ details: { target_id: other.id, from: 'counsellor', to: 'admin' } });
    await patch({ role: 'counsellor', status: 2 });
    expect(await newest('staff.deactivated')).toMatchObject({ actor: { _id: admin.id }, details: { target_id: other.id } });
    await patch({ status: 1, catalogue_editor: true });
    expect(await newest('staff.reactivated')).toMatchObject({ details: { target_id: other.id } });
    expect(await newest('staff.permission_changed')).toMatchObject({ details: { permission: 'catalogue_editor', granted: true } });
    const invite = await call('POST', '/api/crm/staff', admin.token, {
      name: 'Ivy Invitee',
      email: 'ivy@test.example',
      role: 'counsellor',
    });
    expect(invite.statusCode).toBe(201);
    const invited = await newest('staff.invited');
    expect(invited).toMatchObject({ actor: { _id: admin.id }, ip: CLIENT, details: { email: 'ivy@test.example', role: 'counsellor' } });
    // No set-password link or token in the entry.
    expect(JSON.stringify(invited.details)).not.toMatch(/welcome|token|http/i);
  });

  test('catalogue changes point at their change-log entry; settings changes are recorded', async () => {
    const created = await catalogueCall(server, 'POST', '/api/crm/catalogue/announcements', admin.token, {
      title: 'Audit open house',
      body: 'Come and see.',
      published_at: '2030-01-15T09:00:00Z',
    });
    expect(created.status).toBe(201);
    const entry = await newest('catalogue.changed');
    expect(entry).toMatchObject({ actor: { _id: admin.id }, ip: expect.any(String), details: { kind: 'announcement', change: 'create' } });
    const { rows } = await server.db.pool.query<{ kind: string }>('SELECT kind FROM catalogue_changes WHERE id = $1', [
      entry.details.change_id,
    ]);
    expect(rows[0]?.kind).toBe('announcement');

    expect((await call('PUT', '/api/users/two-factor/policy', admin.token, { required: false })).statusCode).toBe(200);
    expect(await newest('settings.two_factor_required')).toMatchObject({ actor: { _id: admin.id }, details: { required: false } });
  });

  test('sequences, e-mail templates and assignment rules: creating and changing each is recorded with readable details', async () => {
    const template = { name: 'Audit welcome', kind: 'commercial', subject: 'Welcome', body: 'Hello {{first_name}}' };
    const created = (await call('POST', '/api/crm/templates', admin.token, template)).json<{ _id: string }>();
    expect(await newest('email_template.created')).toMatchObject({
      actor: { _id: admin.id },
      ip: CLIENT,
      details: { template_id: created._id, name: 'Audit welcome', kind: 'commercial' },
    });
    await call('PUT', `/api/crm/templates/${created._id}`, admin.token, { ...template, subject: 'Welcome to the college' });
    expect((await newest('email_template.changed')).details).toEqual({
      template_id: created._id,
      name: 'Audit welcome',
      fields: ['subject'],
    });

    const sequence = {
      name: 'Audit follow-up',
      paused: false,
      exit_stages: [5],
      rules: [{ course_type: 1 }],
      steps: [
        { kind: 'email', template_id: created._id },
        { kind: 'wait', days: 2 },
      ],
    };
    const saved = await call('POST', '/api/crm/sequences', admin.token, sequence);
    expect(saved.statusCode).toBe(201);
    const { id, version, steps } = saved.json<{ id: string; version: number; steps: object[] }>();
    expect(await newest('sequence.created')).toMatchObject({
      actor: { _id: admin.id },
      ip: CLIENT,
      details: {
        sequence_id: id,
        name: 'Audit follow-up',
        paused: false,
        steps: 2,
        enrolment: 'A new lead enters (course type Full Time).',
      },
    });
    // The same steps sent back with their ids are no change; the rule and the pause are.
    const change = { ...sequence, steps, rules: [], paused: true, version };
    expect((await call('PUT', `/api/crm/sequences/${id}`, admin.token, change)).statusCode).toBe(200);
    expect((await newest('sequence.changed')).details).toMatchObject({
      sequence_id: id,
      paused: true,
      enrolment: MANUAL_ENROLMENT_ONLY,
      fields: ['paused', 'rules'],
    });

    const rule = { name: 'Audit part-time', enabled: true, course_type: 2, location: null, cap: null, member_ids: [counsellor.id] };
    const added = await call('POST', '/api/crm/assignment/rules', admin.token, rule);
    expect(added.statusCode).toBe(201);
    const ruleId = added.json<{ id: string }>().id;
    expect(await newest('assignment_rule.created')).toMatchObject({
      actor: { _id: admin.id },
      ip: CLIENT,
      details: {
        rule_id: ruleId,
        name: 'Audit part-time',
        course_type: 'Part Time',
        location: 'Any',
        cap: 'none',
        counsellors: ['Cora Counsellor'],
      },
    });
    const changed = await call('PUT', `/api/crm/assignment/rules/${ruleId}`, admin.token, { ...rule, cap: 5, version: 1 });
    expect(changed.statusCode).toBe(200);
    expect((await newest('assignment_rule.changed')).details).toMatchObject({ rule_id: ruleId, cap: 5, fields: ['cap'] });
    expect((await call('DELETE', `/api/crm/assignment/rules/${ruleId}?version=2`, admin.token)).statusCode).toBe(200);
    expect((await newest('assignment_rule.removed')).details).toEqual({ rule_id: ruleId, name: 'Audit part-time' });
  });

  test("a counsellor changes their own activity, not another owner's (403); an admin may", async () => {
    const leads = (await call('GET', '/api/crm/leads', admin.token)).json<StaffLeadPage>();
    const leadId = leads.leads[0]?._id as string;
    const log = async (ownerId: string) => {
      const res = await call('POST', `/api/crm/leads/${leadId}/activities`, counsellor.token, {
        type: 1,
        subject: 'Call back',
        due_at: '2030-01-15T14:00:00-05:00',
        owner_id: ownerId,
      });
      expect(res.statusCode).toBe(201);
      return res.json<Activity>();
    };
    const mine = await log(counsellor.id);
    expect(
      (await call('PATCH', `/api/crm/activities/${mine._id}`, counsellor.token, { version: mine.version, done: true })).statusCode,
    ).toBe(200);
    const theirs = await log(admin.id);
    const refused = await call('PATCH', `/api/crm/activities/${theirs._id}`, counsellor.token, {
      version: theirs.version,
      subject: 'Mine now',
    });
    expect([refused.statusCode, refused.json()]).toEqual([403, { message: NOT_YOUR_ACTIVITY_MESSAGE }]);
    const reassign = await call('PATCH', `/api/crm/activities/${theirs._id}`, counsellor.token, {
      version: theirs.version,
      owner_id: counsellor.id,
    });
    expect(reassign.statusCode).toBe(403);
    const byAdmin = await call('PATCH', `/api/crm/activities/${mine._id}`, admin.token, {
      version: mine.version + 1,
      subject: 'Checked by admin',
    });
    expect([byAdmin.statusCode, byAdmin.json<Activity>().subject]).toEqual([200, 'Checked by admin']);
  });

  test('filters by person, action and Toronto dates, paged; bad filters are a 400', async () => {
    const all = await audit('?page_size=2');
    expect(all.entries).toHaveLength(2);
    expect(all.total).toBeGreaterThan(5);
    const page2 = await audit('?page_size=2&page=2');
    expect(page2.entries[0]?._id).not.toBe(all.entries[0]?._id);
    const times = (await audit('?page_size=200')).entries.map((e) => e.at);
    expect([...times].sort().reverse()).toEqual(times);

    const byCounsellor = await audit(`?person=${counsellor.id}`);
    expect(byCounsellor.total).toBeGreaterThan(0);
    expect(byCounsellor.entries.every((e) => e.actor?._id === counsellor.id)).toBe(true);
    const failures = await audit('?action=signin.failed');
    expect(failures.entries.every((e) => e.action === 'signin.failed')).toBe(true);
    expect(failures.total).toBe(2);

    expect((await audit('?from=2000-01-01&to=2000-12-31')).total).toBe(0);
    expect((await audit('?from=2000-01-01&to=2100-12-31')).total).toBe(all.total);
    const bad = await call('GET', '/api/crm/audit?from=2024-02-30', admin.token);
    expect([bad.statusCode, bad.json().message]).toEqual([400, DAY_MESSAGE]);
    const backwards = await call('GET', '/api/crm/audit?from=2025-02-01&to=2025-01-01', admin.token);
    expect([backwards.statusCode, backwards.json().message]).toEqual([400, RANGE_MESSAGE]);
    expect((await call('GET', '/api/crm/audit?action=everything', admin.token)).statusCode).toBe(400);
  });

  test('the log exports as CSV with the same filters, and the export is itself recorded', async () => {
    const res = await call('GET', '/api/crm/audit.csv?action=signin.failed', admin.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.body.slice(1).split('\r\n').filter(Boolean);
    expect(lines[0]).toBe(AUDIT_CSV_COLUMNS.map(([title]) => `"${title}"`).join(','));
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('"Sign-in failed"');
    expect(await newest('audit.exported')).toMatchObject({
      actor: { _id: admin.id },
      ip: CLIENT,
      details: { filter: { action: 'signin.failed' }, rows: 2 },
    });
  });

  test('the table is append-only: UPDATE, DELETE and TRUNCATE are refused by the database', async () => {
    const before = (await audit()).total;
    await expect(server.db.pool.query(`UPDATE audit_log SET action = 'signin.succeeded'`)).rejects.toThrow(/append-only/);
    await expect(server.db.pool.query('DELETE FROM audit_log')).rejects.toThrow(/append-only/);
    await expect(server.db.pool.query('TRUNCATE audit_log')).rejects.toThrow(/append-only/);
    expect((await audit()).total).toBe(before);
  });

  test('a counsellor may page through every lead; the page that passes 2,000 leads in an hour is recorded, once', async () => {
    const reader = await addStaff(server, 'Rita Reader');
    await server.db.pool.query(
      `INSERT INTO leads (id, first_name, last_name, email, phone, source, location, stage)
       SELECT substr(md5('read-many' || n), 1, 24), 'Paged', 'Lead ' || n, 'paged' || n || '@example.com', '+1416555' || lpad(n::text, 4, '0'), 1, 1, 1
         FROM generate_series(1, 100) AS n`,
    );
    const readPage = async () => {
      const res = await call('GET', '/api/crm/leads?page_size=100&stage=1', reader.token);
      expect(res.statusCode).toBe(200);
      expect(res.json<StaffLeadPage>().leads).toHaveLength(100);
    };
    const entries = async () => (await audit('?action=leads.read_many')).entries.filter((e) => e.actor?._id === reader.id);
    for (let read = 100; read < BULK_READ_LEADS; read += 100) await readPage();
    expect(await entries()).toEqual([]);
    await readPage();
    await readPage();
    const recorded = await entries();
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({
      ip: CLIENT,
      details: { leads: BULK_READ_LEADS, filter: { stage: 1 }, page: 1, page_size: 100 },
    });
    expect(Date.now() - Date.parse(String(recorded[0]!.details.since))).toBeLessThan(10 * 60_000);
  });
});
