import { startTestServer, type TestServer } from '../support/server';
import { testDatabaseKinds } from '../support/database';
import { staffToken, validLead } from '../support/lead-fixtures';
import { addStaff, userIdByEmail, type TestStaff } from '../support/crm-staff';
import type { StaffLead, StaffLeadPage } from '../../src/contract';
import type { Activity, ActivityList, TimelineAnswer } from '../../src/crm-contract';
import { torontoDayStart } from '../../src/college-time';
import { SIGNED_OUT_MESSAGE } from '../../server/auth/guards';
import { LEAD_CONFLICT_MESSAGE, VERSION_MESSAGE } from '../../server/crm/lead-changes';
import { ACTIVITY_CONFLICT_MESSAGE, ACTIVITY_NOT_FOUND_MESSAGE } from '../../server/crm/activities-store';
import { DONE_DUE_FILTER_MESSAGE, DUE_FILTER_MESSAGE, DUE_MESSAGE, SUBJECT_MESSAGE, TYPE_MESSAGE } from '../../server/crm/activity-input';
import { OWNER_INVALID_MESSAGE } from '../../server/staff/staff-store';
import { LEAD_NOT_FOUND_MESSAGE } from '../../server/crm';

const START_TIMEOUT_MS = 120_000;
const UNKNOWN = 'abcdefabcdefabcdefabcdef';
const HOUR = 3_600_000;

describe.each(testDatabaseKinds())('activities, owners and the lead timeline (%s)', (kind) => {
  let server: TestServer;
  let adminToken: string;
  let adminId: string;
  let cleo: TestStaff;
  let lead: StaffLead;

  const call = async (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, token = cleo.token) =>
    server.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
  const refresh = async () => {
    lead = (await call('GET', `/api/crm/leads/${lead._id}`)).json<StaffLead>();
    return lead;
  };
  const todo = async (query: string, token = cleo.token) => {
    const res = await call('GET', `/api/crm/activities${query}`, undefined, token);
    expect(res.statusCode).toBe(200);
    return res.json<ActivityList>();
  };
  const subjects = (list: ActivityList) => list.activities.map((a) => a.subject);
  const logActivity = async (subject: string, dueAt: Date, ownerId = cleo.id, type = 1) => {
    const res = await call('POST', `/api/crm/leads/${lead._id}/activities`, {
      type,
      subject,
      notes: 'n',
      due_at: dueAt.toISOString(),
      owner_id: ownerId,
    });
    expect(res.statusCode).toBe(201);
    return res.json<Activity>();
  };

  beforeAll(async () => {
    server = await startTestServer({ kind, listen: false, env: { LEADS_RATE_LIMIT: '10000' } });
    adminToken = await staffToken(server);
    adminId = await userIdByEmail(server, 'admin@test.example');
    cleo = await addStaff(server, 'Cleo Counsellor');
    for (const email of ['first@example.com', 'second@example.com']) {
      const res = await server.app.inject({
        method: 'POST',
        url: '/api/leads',
        headers: { 'content-type': 'application/json' },
        payload: validLead({ email }),
      });
      expect(res.statusCode).toBe(201);
    }
    const page = (await call('GET', '/api/crm/leads?q=first')).json<StaffLeadPage>();
    lead = page.leads[0] as StaffLead;
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await server.close();
  });

  test('every new call needs a live staff session', async () => {
    for (const [method, url] of [
      ['GET', `/api/crm/leads/${UNKNOWN}/timeline`],
      ['POST', `/api/crm/leads/${UNKNOWN}/notes`],
      ['POST', `/api/crm/leads/${UNKNOWN}/activities`],
      ['GET', '/api/crm/activities'],
      ['PATCH', `/api/crm/activities/${UNKNOWN}`],
    ] as const) {
      const res = await server.app.inject({ method, url, payload: method === 'GET' ? undefined : {} });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: SIGNED_OUT_MESSAGE });
    }
  });

  test('a new lead is unassigned at version 1', () => {
    expect(lead).toMatchObject({ owner_id: null, owner_name: null, version: 1 });
  });

  test('assigning an owner: version checked (409 when stale), owner validated, leads filtered by owner', async () => {
    const assigned = await call('PATCH', `/api/crm/leads/${lead._id}`, { owner_id: cleo.id, version: 1 });
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json<StaffLead>()).toMatchObject({ owner_id: cleo.id, owner_name: 'Cleo Counsellor', version: 2 });

    // The admin read version 1 before Cleo saved: their stage change is refused, nothing overwritten.
    const stale = await call('PATCH', `/api/crm/leads/${lead._id}`, { stage: 4, version: 1 }, adminToken);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ message: LEAD_CONFLICT_MESSAGE, version: 2 });
    expect(await refresh()).toMatchObject({ stage: 1, owner_id: cleo.id, version: 2 });

    for (const [body, message] of [
      [{ stage: 2 }, VERSION_MESSAGE],
      [{ stage: 2, version: 'two' }, VERSION_MESSAGE],
      [{ owner_id: UNKNOWN, version: 2 }, OWNER_INVALID_MESSAGE],
      [{ owner_id: 'me', version: 2 }, OWNER_INVALID_MESSAGE],
    ] as const) {
      const bad = await call('PATCH', `/api/crm/leads/${lead._id}`, body);
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ message });
    }

    const mine = (await call('GET', '/api/crm/leads?owner=me')).json<StaffLeadPage>();
    expect(mine.leads.map((l) => l.email)).toEqual(['first@example.com']);
    expect((await call('GET', '/api/crm/leads?owner=me', undefined, adminToken)).json<StaffLeadPage>().total).toBe(0);
    const unassigned = (await call('GET', '/api/crm/leads?owner=none')).json<StaffLeadPage>();
    expect(unassigned.leads.map((l) => l.email)).toEqual(['second@example.com']);
    expect((await call('GET', `/api/crm/leads?owner=${cleo.id}`)).json<StaffLeadPage>().total).toBe(1);
    const badFilter = await call('GET', '/api/crm/leads?owner=someone');
    expect(badFilter.statusCode).toBe(400);
    expect(badFilter.json()).toEqual({ message: 'Please choose an owner from the list.' });
  });

  test('an inactive account cannot be given a lead', async () => {
    const gone = await addStaff(server, 'Gone Person');
    await server.db.pool.query('UPDATE users SET status = 2 WHERE id = $1', [gone.id]);
    const res = await call('PATCH', `/api/crm/leads/${lead._id}`, { owner_id: gone.id, version: lead.version });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: OWNER_INVALID_MESSAGE });

    // A lead whose owner was deactivated since keeps them through an unrelated change.
    const other = (await call('GET', '/api/crm/leads?q=second')).json<StaffLeadPage>().leads[0] as StaffLead;
    const leaving = await addStaff(server, 'Leaving Soon');
    const given = await call('PATCH', `/api/crm/leads/${other._id}`, { owner_id: leaving.id, version: other.version });
    expect(given.statusCode).toBe(200);
    await server.db.pool.query('UPDATE users SET status = 2 WHERE id = $1', [leaving.id]);
    const kept = await call('PATCH', `/api/crm/leads/${other._id}`, { owner_id: leaving.id, stage: 3, version: other.version + 1 });
    expect(kept.statusCode).toBe(200);
    expect(kept.json<StaffLead>()).toMatchObject({ owner_id: leaving.id, stage: 3 });
    // Put it back as it was for the owner filters above.
    const back = await call('PATCH', `/api/crm/leads/${other._id}`, { owner_id: null, stage: 1, version: other.version + 2 });
    expect(back.statusCode).toBe(200);
  });

  test('logging an activity validates every field and 404s for an unknown lead', async () => {
    const good = { type: 1, subject: 'Call back', due_at: new Date().toISOString(), owner_id: cleo.id };
    for (const [body, message] of [
      [{ ...good, type: 5 }, TYPE_MESSAGE],
      [{ ...good, type: '1' }, TYPE_MESSAGE],
      [{ ...good, subject: '  ' }, SUBJECT_MESSAGE],
      [{ ...good, subject: 'x'.repeat(201) }, SUBJECT_MESSAGE],
      [{ ...good, due_at: 'tomorrow' }, DUE_MESSAGE],
      [{ ...good, due_at: '2026-11-24T10:00' }, DUE_MESSAGE],
      [{ ...good, owner_id: UNKNOWN }, OWNER_INVALID_MESSAGE],
    ] as const) {
      const res = await call('POST', `/api/crm/leads/${lead._id}/activities`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message });
    }
    const missing = await call('POST', `/api/crm/leads/${UNKNOWN}/activities`, good);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: LEAD_NOT_FOUND_MESSAGE });
  });

  test("the to-do list: mine by default, by the seed's due filters in Toronto days, overdue and due-today counts", async () => {
    const now = Date.now();
    const today = torontoDayStart(new Date(now));
    const tomorrow = torontoDayStart(new Date(now), 1);
    const at = (day: number, hours = 12) => new Date(torontoDayStart(new Date(now), day).getTime() + hours * HOUR);
    await logActivity('Overdue an hour', new Date(now - HOUR));
    await logActivity('Later today', new Date((now + tomorrow.getTime()) / 2));
    await logActivity('Yesterday noon', at(-1));
    await logActivity('Tomorrow noon', at(1));
    await logActivity('In ten days', at(10));
    await logActivity('In twenty days', at(20));
    await logActivity('Admin task today', new Date((now + tomorrow.getTime()) / 2), adminId, 4);

    const mine = await todo('');
    expect(subjects(mine)).toEqual(['Yesterday noon', 'Overdue an hour', 'Later today', 'Tomorrow noon', 'In ten days', 'In twenty days']);
    // Due today counts what is still open today, overdue or not (an hour ago is yesterday just after
    // midnight in Toronto, when "Yesterday" holds it too: the suite ran at 00:14 once).
    const anHourAgoIsToday = now - HOUR >= today.getTime();
    expect(mine.counts).toEqual({ overdue: 2, due_today: anHourAgoIsToday ? 2 : 1 });
    expect(subjects(await todo('?due=10'))).toEqual(['Yesterday noon', 'Overdue an hour']);
    expect(subjects(await todo('?due=3'))).toEqual(anHourAgoIsToday ? ['Yesterday noon'] : ['Yesterday noon', 'Overdue an hour']);
    expect(subjects(await todo('?due=1'))).toContain('Later today');
    expect(subjects(await todo('?due=1'))).not.toContain('Tomorrow noon');
    expect(subjects(await todo('?due=2'))).toEqual(['Tomorrow noon']);
    expect(subjects(await todo('?due=4'))).toEqual(expect.arrayContaining(['Later today', 'Tomorrow noon']));
    expect(subjects(await todo('?due=4'))).not.toContain('In ten days');
    expect(subjects(await todo('?due=5'))).toEqual(['In ten days']);
    expect(subjects(await todo('?due=6'))).toEqual(expect.arrayContaining(['Later today', 'In ten days', 'In twenty days']));
    expect(subjects(await todo('?due=6'))).not.toContain('Yesterday noon');
    expect(subjects(await todo('?due=1&owner=all'))).toContain('Admin task today');
    expect(subjects(await todo(`?due=1&owner=${adminId}`))).toEqual(['Admin task today']);
    expect(subjects(await todo('?due=1', adminToken))).toEqual(['Admin task today']);

    for (const [query, message] of [
      ['?due=7', DUE_FILTER_MESSAGE],
      ['?due=today', DUE_FILTER_MESSAGE],
      ['?state=done&due=10', DONE_DUE_FILTER_MESSAGE],
      ['?state=done&due=2', DONE_DUE_FILTER_MESSAGE],
      ['?owner=nobody', 'Please choose an owner from the list.'],
      ['?state=later', 'State is open, done or all.'],
    ]) {
      const res = await call('GET', `/api/crm/activities${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message });
    }
  });

  test('marking done is one action, version-checked; done work leaves Overdue and shows under done', async () => {
    const overdue = (await todo('?due=10')).activities.find((a) => a.subject === 'Yesterday noon') as Activity;
    const done = await call('PATCH', `/api/crm/activities/${overdue._id}`, { done: true, version: overdue.version });
    expect(done.statusCode).toBe(200);
    expect(done.json<Activity>()).toMatchObject({
      done: true,
      done_by: { _id: cleo.id, name: 'Cleo Counsellor' },
      version: overdue.version + 1,
    });
    expect(subjects(await todo('?due=10'))).not.toContain('Yesterday noon');
    expect(subjects(await todo('?state=done&due=3'))).toEqual(['Yesterday noon']);

    const stale = await call('PATCH', `/api/crm/activities/${overdue._id}`, { done: false, version: overdue.version }, adminToken);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ message: ACTIVITY_CONFLICT_MESSAGE });
    const noVersion = await call('PATCH', `/api/crm/activities/${overdue._id}`, { done: true });
    expect(noVersion.statusCode).toBe(400);
    const unknown = await call('PATCH', `/api/crm/activities/${UNKNOWN}`, { done: true, version: 1 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: ACTIVITY_NOT_FOUND_MESSAGE });
  });

  test('an activity can be edited (type, subject, notes, due, owner) with its version; bad fields are 400', async () => {
    const activity = await logActivity('Draft subject', new Date(Date.now() + 48 * HOUR));
    const due = new Date(Date.now() + 72 * HOUR);
    const res = await call('PATCH', `/api/crm/activities/${activity._id}`, {
      version: activity.version,
      type: 3,
      subject: 'Campus tour',
      notes: 'Bring transcripts.',
      due_at: due.toISOString(),
      owner_id: adminId,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<Activity>()).toMatchObject({
      type: 3,
      subject: 'Campus tour',
      notes: 'Bring transcripts.',
      due_at: due.toISOString(),
      owner: { _id: adminId },
      done: false,
      version: activity.version + 1,
    });
    for (const [body, message] of [
      [{ subject: '' }, SUBJECT_MESSAGE],
      [{ type: 0 }, TYPE_MESSAGE],
      [{ due_at: 'soon' }, DUE_MESSAGE],
      [{ owner_id: UNKNOWN }, OWNER_INVALID_MESSAGE],
    ] as const) {
      const bad = await call('PATCH', `/api/crm/activities/${activity._id}`, { version: activity.version + 1, ...body });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ message });
    }
    expect((await call('PATCH', `/api/crm/activities/${activity._id}`, { version: activity.version + 1, done: 'yes' })).statusCode).toBe(
      400,
    );
  });

  test('the timeline: the inquiry, owner and stage changes, notes, activities and done, each with who and when', async () => {
    await refresh();
    expect((await call('PATCH', `/api/crm/leads/${lead._id}`, { stage: 2, version: lead.version })).statusCode).toBe(200);
    const note = await call('POST', `/api/crm/leads/${lead._id}/notes`, { text: 'Prefers evenings.' });
    expect(note.statusCode).toBe(201);
    const empty = await call('POST', `/api/crm/leads/${lead._id}/notes`, { text: ' ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ message: 'Please write the note.' });
    expect((await call('POST', `/api/crm/leads/${UNKNOWN}/notes`, { text: 'x' })).statusCode).toBe(404);

    const res = await call('GET', `/api/crm/leads/${lead._id}/timeline`);
    expect(res.statusCode).toBe(200);
    const { entries } = res.json<TimelineAnswer>();
    expect(entries[0]).toEqual({ kind: 'inquiry', at: lead.created_at, by: null, via: 'inquiry_form' });
    const kinds = entries.map((e) => e.kind);
    expect(kinds.filter((k) => k === 'activity')).toHaveLength(8);
    expect(entries.find((e) => e.kind === 'owner')).toMatchObject({
      by: { _id: cleo.id },
      from: null,
      to: { _id: cleo.id, name: 'Cleo Counsellor' },
    });
    expect(entries.find((e) => e.kind === 'stage')).toMatchObject({ by: { _id: cleo.id }, from: 1, to: 2 });
    expect(entries.find((e) => e.kind === 'note')).toMatchObject({ by: { name: 'Cleo Counsellor' }, text: 'Prefers evenings.' });
    expect(entries.find((e) => e.kind === 'activity_done')).toMatchObject({ subject: 'Yesterday noon', done: true });
    const logged = entries.find((e) => e.kind === 'activity' && e.activity.subject === 'Yesterday noon');
    expect(logged).toMatchObject({ activity: { done: true, type: 1, owner: { _id: cleo.id } } });
    const times = entries.map((e) => e.at);
    expect([...times].sort()).toEqual(times);
    expect((await call('GET', `/api/crm/leads/${UNKNOWN}/timeline`)).statusCode).toBe(404);
  });
});
