/**
 * Assignment rules (issue 23): a stored lead gets its owner within seconds, outside the request;
 * the round robin alternates across passes running at once; the cap skips a full counsellor; all
 * full leaves the lead unassigned and tells the admins once; inactive staff and invitees never get
 * leads; a manual assignment wins. Passes are called directly (the mail worker is stopped after the
 * first test), so each test decides when one runs.
 */
import { startTestServer, type TestServer } from '../support/server';
import { testDatabaseKinds } from '../support/database';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/staff';
import { validLead } from '../support/lead-fixtures';
import { newId } from '../../server/auth/tokens';
import { runAssignmentPass } from '../../server/assignment/assignment-pass';
import { runSpeedToLead } from '../../server/assignment/speed-to-lead';
import { firstContactMedians } from '../../server/assignment/first-contact';
import { torontoInstant } from '../../src/college-time';

const START_TIMEOUT_MS = 120_000;

describe.each(testDatabaseKinds())('assignment rules (%s)', (kind) => {
  let server: TestServer;
  let token: string;
  const settings = () => ({ siteUrl: 'http://crm.test', catalogue: server.ctx.catalogue });
  const q = <T extends object>(sql: string, values: unknown[] = []) => server.db.pool.query<T>(sql, values).then((r) => r.rows);
  const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH', url: string, payload?: object) =>
    server.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });

  async function staffMember(name: string, options: { status?: number; passwordSet?: boolean } = {}): Promise<string> {
    const id = newId();
    await q(
      `INSERT INTO users (id, name, email, password_hash, role, status, password_set) VALUES ($1, $2, $3, 'not-a-hash', 'counsellor', $4, $5)`,
      [id, name, `${name.toLowerCase().replace(/\W/g, '')}@test.example`, options.status ?? 1, options.passwordSet ?? true],
    );
    return id;
  }
  async function lead(fields: { course_type?: number; location?: number } = {}): Promise<string> {
    const id = newId();
    await q(
      // Already through the repeat-inquiry check (server/repeat/): these tests are about distinct leads.
      `INSERT INTO leads (id, first_name, last_name, email, phone, source, location, course_type, created_at, repeat_pending)
       VALUES ($1, 'Test', 'Student', 'student@example.com', '+14165550123', 1, $2, $3, clock_timestamp(), false)`,
      [id, fields.location ?? 1, fields.course_type ?? 1],
    );
    return id;
  }
  const ownerOf = async (leadId: string) =>
    (await q<{ owner_id: string | null }>('SELECT owner_id FROM leads WHERE id = $1', [leadId]))[0]?.owner_id?.trim() ?? null;
  async function rule(body: object): Promise<string> {
    const res = await api('POST', '/api/crm/assignment/rules', {
      name: 'Rule',
      enabled: true,
      course_type: null,
      location: null,
      cap: null,
      ...body,
    });
    expect(res.statusCode).toBe(201);
    return (res.json() as { id: string }).id;
  }
  async function passUntilDone(): Promise<void> {
    while ((await runAssignmentPass(server.db, settings())) > 0);
  }

  beforeAll(async () => {
    server = await startTestServer({ kind, listen: false, env: { LEADS_RATE_LIMIT: '10000' } });
    const signin = await server.app.inject({
      method: 'POST',
      url: '/api/users/signin',
      payload: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    });
    token = (signin.json() as { token: string }).token;
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await server.close();
  });
  beforeEach(async () => {
    await q('DELETE FROM assignment_rules');
  });

  test('a stored lead is assigned within seconds by the mail worker, with its timeline entry, task and e-mail', async () => {
    const ana = await staffMember('Ana Rivera');
    await rule({ name: 'Everyone', member_ids: [ana] });
    const res = await server.app.inject({ method: 'POST', url: '/api/leads', payload: validLead({ email: 'fast@example.com' }) });
    expect(res.statusCode).toBe(201);
    const [stored] = await q<{ id: string }>(`SELECT id FROM leads WHERE email = 'fast@example.com'`);
    const id = (stored as { id: string }).id;
    const started = Date.now();
    while ((await ownerOf(id)) === null && Date.now() - started < 10_000) await new Promise((r) => setTimeout(r, 100));
    expect(await ownerOf(id)).toBe(ana);
    expect(Date.now() - started).toBeLessThan(5_000);

    const timeline = await api('GET', `/api/crm/leads/${id}/timeline`);
    const owner = (timeline.json() as { entries: { kind: string; by: unknown; rule?: string; to?: { _id: string } }[] }).entries.find(
      (e) => e.kind === 'owner',
    );
    expect(owner).toMatchObject({ by: null, rule: 'Everyone', to: { _id: ana } });
    const tasks = await q<{ type: number; owner_id: string }>('SELECT type, owner_id FROM activities WHERE lead_id = $1', [id]);
    expect(tasks.map((t) => [t.type, t.owner_id.trim()])).toEqual([[4, ana]]);
    const mails = await q<{ subject: string; text_body: string }>('SELECT subject, text_body FROM mail_queue WHERE to_address = $1', [
      'anarivera@test.example',
    ]);
    expect(mails.map((m) => m.subject)).toEqual(['A new lead is assigned to you']);
    expect(mails[0]?.text_body).toContain(`/crm/leads/${id.trim()}`);
    // The rest of the file runs passes itself.
    await server.ctx.mailer.stop();
  });

  test('the round robin alternates between two counsellors across passes running at once', async () => {
    const [a, b] = [await staffMember('Round A'), await staffMember('Round B')];
    await rule({ member_ids: [a, b] });
    const leads = [];
    for (let i = 0; i < 6; i += 1) leads.push(await lead());
    // Two passes at once (two instances), three leads each: they take different leads and share the place.
    await Promise.all([runAssignmentPass(server.db, settings(), 3), runAssignmentPass(server.db, settings(), 3)]);
    await passUntilDone();
    const events = await q<{ to: string }>(
      `SELECT detail->>'to' AS to FROM lead_events WHERE kind = 'owner' AND lead_id = ANY($1::char(24)[]) ORDER BY id`,
      [leads],
    );
    expect(events.map((e) => e.to)).toEqual([a, b, a, b, a, b]);
  });

  test('the rule that matches is the first enabled one; the cap skips a full counsellor; all full tells the admins once', async () => {
    const [full, free] = [await staffMember('Cap Full'), await staffMember('Cap Free')];
    await rule({ name: 'Off', enabled: false, member_ids: [full] });
    await rule({ name: 'International', location: 2, member_ids: [full] });
    await rule({ name: 'Capped', cap: 1, member_ids: [full, free] });
    const held = await lead();
    await q('UPDATE leads SET owner_id = $2, assign_pending = false WHERE id = $1', [held, full]);
    const first = await lead();
    await passUntilDone();
    expect(await ownerOf(first)).toBe(free);
    const second = await lead();
    await passUntilDone();
    expect(await ownerOf(second)).toBeNull();
    const notices = () =>
      q<{ text_body: string }>(`SELECT text_body FROM mail_queue WHERE to_address = $1 AND subject LIKE '%left unassigned'`, [ADMIN_EMAIL]);
    expect((await notices()).map((m) => m.text_body.includes(second.trim()))).toEqual([true]);
    await passUntilDone();
    expect(await notices()).toHaveLength(1);
  });

  test('inactive staff and invitees who have not set a password never receive leads', async () => {
    const inactive = await staffMember('Gone Away', { status: 2 });
    const invited = await staffMember('Not Yet', { passwordSet: false });
    const active = await staffMember('Here Now');
    const refused = await api('POST', '/api/crm/assignment/rules', {
      name: 'R',
      enabled: true,
      course_type: null,
      location: null,
      cap: null,
      member_ids: [invited],
    });
    expect(refused.statusCode).toBe(400);
    await rule({ member_ids: [active] });
    // Made eligible when the rule was saved, gone since: the pass checks again.
    await q(`UPDATE assignment_rules SET member_ids = ARRAY[$1, $2, $3]::char(24)[]`, [inactive, invited, active]);
    const leads = [await lead(), await lead(), await lead()];
    await passUntilDone();
    for (const id of leads) expect(await ownerOf(id)).toBe(active);
  });

  test('manual assignment wins: an owner given or taken by hand before the pass stays', async () => {
    const [auto, manual] = [await staffMember('Auto Owner'), await staffMember('Manual Owner')];
    await rule({ member_ids: [auto] });
    const given = await lead();
    const taken = await lead();
    expect((await api('PATCH', `/api/crm/leads/${given}`, { version: 1, owner_id: manual })).statusCode).toBe(200);
    expect((await api('PATCH', `/api/crm/leads/${taken}`, { version: 1, owner_id: manual })).statusCode).toBe(200);
    expect((await api('PATCH', `/api/crm/leads/${taken}`, { version: 2, owner_id: null })).statusCode).toBe(200);
    await passUntilDone();
    expect(await ownerOf(given)).toBe(manual);
    expect(await ownerOf(taken)).toBeNull();
  });

  test('rules: saved with the version read (409 when stale), listed, removed', async () => {
    const member = await staffMember('Rule Member');
    const id = await rule({ member_ids: [member] });
    const saved = await api('PUT', `/api/crm/assignment/rules/${id}`, {
      name: 'Renamed',
      enabled: true,
      course_type: 2,
      location: null,
      cap: 5,
      member_ids: [member],
      version: 1,
    });
    expect(saved.statusCode).toBe(200);
    const stale = await api('PUT', `/api/crm/assignment/rules/${id}`, {
      name: 'Again',
      enabled: true,
      course_type: null,
      location: null,
      cap: null,
      member_ids: [member],
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    const all = (await api('GET', '/api/crm/assignment')).json() as { rules: { name: string; cap: number }[]; speed_to_lead_hours: number };
    expect(all.rules.map((r) => [r.name, r.cap])).toEqual([['Renamed', 5]]);
    expect(all.speed_to_lead_hours).toBe(4);
    expect((await api('DELETE', `/api/crm/assignment/rules/${id}?version=2`)).statusCode).toBe(200);
  });

  test('speed to lead: flagged at 4 business hours across a holiday weekend, one reminder to owner and admins, cleared by a call', async () => {
    const owner = await staffMember('Speedy Owner');
    await q('UPDATE leads SET contact_watch = false');
    // Thursday 24 December 2026, 15:00: 2 hours that day; Christmas (Friday), the weekend and Boxing
    // Day's substitute (Monday 28th) are closed; the last 2 hours end Tuesday 29th at 11:00.
    const id = await lead();
    await q('UPDATE leads SET created_at = $2, owner_id = $3, assign_pending = false, contact_watch = true WHERE id = $1', [
      id,
      torontoInstant(2026, 12, 24, 15),
      owner,
    ]);
    const early = await lead();
    await q('UPDATE leads SET created_at = $2, owner_id = $3, assign_pending = false, contact_watch = true WHERE id = $1', [
      early,
      torontoInstant(2026, 12, 24, 14),
      owner,
    ]);
    await q(
      `INSERT INTO activities (id, lead_id, type, subject, due_at, owner_id, created_by, created_at) VALUES ($1, $2, 1, 'Called', $3, $4, $4, $3)`,
      [newId(), early, torontoInstant(2026, 12, 24, 16), owner],
    );
    const reminders = () =>
      q<{ to_address: string }>(`SELECT to_address FROM mail_queue WHERE subject LIKE '%waiting for first contact' ORDER BY to_address`);
    expect(await runSpeedToLead(server.db, 'http://crm.test', torontoInstant(2026, 12, 29, 10, 59))).toEqual({ flagged: 0, contacted: 1 });
    expect(await runSpeedToLead(server.db, 'http://crm.test', torontoInstant(2026, 12, 29, 11))).toEqual({ flagged: 1, contacted: 0 });
    expect(await runSpeedToLead(server.db, 'http://crm.test', torontoInstant(2026, 12, 30, 12))).toEqual({ flagged: 0, contacted: 0 });
    expect((await reminders()).map((m) => m.to_address)).toEqual([ADMIN_EMAIL, 'speedyowner@test.example'].sort());

    const flagged = async () => {
      const page = (await api('GET', `/api/crm/leads?contact=overdue&owner=${owner}`)).json() as {
        leads: { _id: string; not_contacted: boolean }[];
      };
      return page.leads.map((l) => [l._id, l.not_contacted]);
    };
    expect(await flagged()).toEqual([[id, true]]);
    const call = await api('POST', `/api/crm/leads/${id}/activities`, {
      type: 1,
      subject: 'First call',
      due_at: new Date().toISOString(),
      owner_id: owner,
    });
    expect(call.statusCode).toBe(201);
    expect(await flagged()).toEqual([]);
  });

  test('the dashboard shows median business hours to first contact by week and by counsellor', async () => {
    const [x, y] = [await staffMember('Median X'), await staffMember('Median Y')];
    const at = (day: number, hour: number, minute = 0) => torontoInstant(2031, 3, day, hour, minute);
    async function contacted(owner: string, created: Date, contact: Date | null, type = 1): Promise<void> {
      const id = await lead();
      await q('UPDATE leads SET created_at = $2, owner_id = $3, assign_pending = false WHERE id = $1', [id, created, owner]);
      if (contact) {
        await q(
          `INSERT INTO activities (id, lead_id, type, subject, due_at, owner_id, created_by, created_at) VALUES ($1, $2, $3, 'Contact', $4, $5, $5, $4)`,
          [newId(), id, type, contact, owner],
        );
      }
    }
    await contacted(x, at(3, 10), at(3, 11)); // 1 h
    await contacted(x, at(4, 16), at(5, 11), 3); // a meeting: 1 h + 2 h
    await contacted(y, at(7, 16), at(10, 9, 30)); // Friday to Monday, across the DST change: 1.5 h
    await contacted(y, at(7, 10), at(7, 11), 4); // a task is not contact
    const medians = await firstContactMedians(server.db.pool, at(12, 12));
    expect(medians.by_week.find((w) => w.week === '2031-03-03')).toEqual({ week: '2031-03-03', median_hours: 1.5, leads: 4, contacted: 3 });
    expect(medians.by_week.find((w) => w.week === '2031-03-10')).toEqual({
      week: '2031-03-10',
      median_hours: null,
      leads: 0,
      contacted: 0,
    });
    const row = (id: string) => medians.by_counsellor.find((c) => c.owner_id === id);
    expect(row(x)).toEqual({ owner_id: x, name: 'Median X', median_hours: 2, leads: 2, contacted: 2 });
    expect(row(y)).toEqual({ owner_id: y, name: 'Median Y', median_hours: 1.5, leads: 2, contacted: 1 });
    const answer = await api('GET', '/api/crm/dashboard/first-contact');
    expect(answer.statusCode).toBe(200);
  });
});
