/**
 * Issue 23 on both databases: repeat inquiries attach to the open lead with the same e-mail (case
 * ignored) without changing the public answer; a shared phone only flags both; where leads come
 * from (Origin, else Referer) in the list, its filter, the dashboard and the CSV, and whether that
 * origin is a known one (this site or PARTNER_ORIGINS) or only what the request claimed.
 */
import crypto from 'node:crypto';
import { startTestServer, type TestServer } from '../support/server';
import { testDatabaseKinds } from '../support/database';
import { staffToken, testCourses, validLead, type TestCourses } from '../support/lead-fixtures';
import type { DashboardAnswer, StaffLead, StaffLeadPage } from '../../src/contract';
import type { TimelineAnswer } from '../../src/crm-contract';
import { LEAD_SUCCESS_MESSAGE } from '../../server/leads/lead-routes';
import { REPEAT_MAIL_SUBJECT } from '../../server/repeat/repeat-mail';
import { settleRepeats } from '../support/repeat';

const START_TIMEOUT_MS = 120_000;
const ANSWER = JSON.stringify({ status: 'success', message: LEAD_SUCCESS_MESSAGE });
const LISTED_PARTNER = 'https://listed-partner.example';

describe.each(testDatabaseKinds())('repeat inquiries and lead origins (%s)', (kind) => {
  let server: TestServer;
  let token: string;
  let courses: TestCourses;
  const auth = () => ({ authorization: `Bearer ${token}` });
  const unique = () => crypto.randomBytes(4).toString('hex');

  async function submit(fields: Record<string, unknown>, headers: Record<string, string> = {}) {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/leads',
      headers: { 'content-type': 'application/json', ...headers },
      payload: validLead(fields),
    });
    expect(res.statusCode).toBe(201);
    return res.body;
  }
  const api = async <T>(url: string) => {
    const res = await server.app.inject({ method: 'GET', url, headers: auth() });
    expect(res.statusCode).toBe(200);
    return res.json<T>();
  };
  const byEmail = async (email: string) => (await api<StaffLeadPage>(`/api/crm/leads?q=${encodeURIComponent(email)}`)).leads;

  beforeAll(async () => {
    server = await startTestServer({ kind, listen: false, env: { LEADS_RATE_LIMIT: '10000', PARTNER_ORIGINS: LISTED_PARTNER } });
    token = await staffToken(server);
    courses = await testCourses(server);
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await server.close();
  });

  test('a second inquiry with the same e-mail (any case) joins the open lead; the public answer is the same', async () => {
    const email = `maya.${unique()}@example.com`;
    const phone = '+16475550142';
    const first = await submit({ email, phone, course_id: courses.fullTime.id }, { origin: 'https://partner-one.example' });
    await settleRepeats(server);
    const [lead] = await byEmail(email);
    // The owner is told: give the lead an owner before the student asks again.
    const admin = await server.db.pool.query<{ id: string; email: string }>('SELECT id, email FROM users LIMIT 1');
    const owner = admin.rows[0]!;
    const patched = await server.app.inject({
      method: 'PATCH',
      url: `/api/crm/leads/${lead!._id}`,
      headers: auth(),
      payload: { version: lead!.version, owner_id: owner.id.trim() },
    });
    expect(patched.statusCode).toBe(200);

    const again = await submit(
      { email: email.toUpperCase(), phone, course_id: courses.partTime.id, source: 3 },
      { referer: 'https://partner-two.example/landing?utm_source=x' },
    );
    expect(first).toBe(ANSWER);
    expect(again).toBe(ANSWER);
    await settleRepeats(server);

    const listed = await byEmail(email);
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({
      _id: lead!._id,
      inquiries: 2,
      course_interests: [courses.fullTime.name, courses.partTime.name],
      origin: 'https://partner-one.example',
      possible_duplicates: [],
    });
    const { entries } = await api<TimelineAnswer>(`/api/crm/leads/${lead!._id}/timeline`);
    expect(entries.find((e) => e.kind === 'repeat_inquiry')).toMatchObject({
      text: `Inquired again about ${courses.partTime.name} from https://partner-two.example (source Search ad)`,
    });
    const mails = await server.db.pool.query('SELECT to_address, text_body FROM mail_queue WHERE subject = $1', [REPEAT_MAIL_SUBJECT]);
    expect(mails.rows).toEqual([
      expect.objectContaining({ to_address: owner.email, text_body: expect.stringContaining('Inquired again about') }),
    ]);
    // The repeat is kept as its own row, with its own origin, pointing at the lead.
    const rows = await server.db.pool.query<{ parent_lead_id: string | null; origin: string }>(
      'SELECT parent_lead_id, origin FROM leads WHERE lower(email) = $1 ORDER BY created_at',
      [email],
    );
    expect(rows.rows.map((r) => [r.parent_lead_id?.trim() ?? null, r.origin])).toEqual([
      [null, 'https://partner-one.example'],
      [lead!._id, 'https://partner-two.example'],
    ]);
  });

  test('a shared phone alone flags both leads as possible duplicates and attaches nothing', async () => {
    const phone = '+16475550199';
    const parent = `dana.${unique()}@example.com`;
    const child = `sam.${unique()}@example.com`;
    await submit({ email: parent, phone: '647-555-0199', first_name: 'Dana' });
    await settleRepeats(server);
    await submit({ email: child, phone, first_name: 'Sam' });
    await settleRepeats(server);
    const [a] = await byEmail(parent);
    const [b] = await byEmail(child);
    expect(a!.inquiries).toBe(1);
    expect(b!.inquiries).toBe(1);
    expect(a!.possible_duplicates).toEqual([b!._id]);
    expect(b!.possible_duplicates).toEqual([a!._id]);
  });

  test('outside the match window, or after the lead closed, a new inquiry is a new lead', async () => {
    const old = `old.${unique()}@example.com`;
    const closed = `closed.${unique()}@example.com`;
    await submit({ email: old });
    await submit({ email: closed });
    await settleRepeats(server);
    await server.db.pool.query(`UPDATE leads SET created_at = now() - interval '400 days' WHERE email = $1`, [old]);
    await server.db.pool.query('UPDATE leads SET stage = 6 WHERE email = $1', [closed]);
    await submit({ email: old });
    await submit({ email: closed });
    await settleRepeats(server);
    const { rows } = await server.db.pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM leads WHERE email IN ($1, $2) AND parent_lead_id IS NULL',
      [old, closed],
    );
    expect(rows[0]!.n).toBe(4);
  });

  test('origin: from Origin, else Referer; filtered, grouped, on the dashboard and in the CSV', async () => {
    const site = `https://p${unique()}.example`;
    const viaOrigin = `o.${unique()}@example.com`;
    const viaReferer = `r.${unique()}@example.com`;
    await submit({ email: viaOrigin }, { origin: site });
    await submit({ email: viaReferer }, { referer: `${site}/courses/page?q=1` });
    await submit({ email: `n.${unique()}@example.com` }, { origin: 'null' });
    await settleRepeats(server);
    const filtered = await api<StaffLeadPage>(`/api/crm/leads?origin=${encodeURIComponent(site)}`);
    expect(filtered.leads.map((l: StaffLead) => l.email).sort()).toEqual([viaOrigin, viaReferer].sort());
    const { origins } = await api<{ origins: { origin: string | null; count: number }[] }>('/api/crm/lead-origins');
    expect(origins).toContainEqual({ origin: site, count: 2 });
    expect(origins.some((o) => o.origin === null)).toBe(true);
    const dashboard = await api<DashboardAnswer>('/api/crm/dashboard');
    expect(dashboard.by_origin).toContainEqual({ origin: site, count: 2 });
    const csv = await server.app.inject({ method: 'GET', url: `/api/crm/leads.csv?origin=${encodeURIComponent(site)}`, headers: auth() });
    expect(csv.statusCode).toBe(200);
    const [head, ...lines] = csv.body.split('\r\n').filter(Boolean);
    expect(head).toContain('"Partner site","Inquiries"');
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(line).toContain(`"${site}","1"`);
  });

  test('an origin is known only when it is this site or on PARTNER_ORIGINS; any other is only what the request claimed', async () => {
    const own = new URL(server.config.siteUrl).origin;
    const cases: [Record<string, string>, string | null, boolean][] = [
      [{ origin: LISTED_PARTNER }, LISTED_PARTNER, true],
      [{ referer: `${LISTED_PARTNER}/apply?x=1` }, LISTED_PARTNER, true],
      [{ origin: own }, own, true],
      // A script can send any Origin at all: stored (well-formed), but not vouched for.
      [{ origin: 'https://not-a-partner.example' }, 'https://not-a-partner.example', false],
      [{}, null, false],
    ];
    for (const [headers, origin, known] of cases) {
      const email = `k.${unique()}@example.com`;
      await submit({ email }, headers);
      await settleRepeats(server);
      const [listed] = await byEmail(email);
      expect(listed).toMatchObject({ origin, origin_known: known });
      const one = await api<StaffLead>(`/api/crm/leads/${listed!._id}`);
      expect(one).toMatchObject({ origin, origin_known: known });
    }
  });
});
