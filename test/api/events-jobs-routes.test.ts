/**
 * Issue 24's CRM side on both databases, each answer checked against the API description:
 * an event's registrations for check-in (order, search by name, e-mail or phone digits), check-in
 * (idempotent, 409 for a cancelled registration, a waitlisted person seated at the door, and before
 * the event's day only when confirmed early, on a clock the test sets) and its
 * undo, walk-ins, the funnel report, sequence rules with an event outcome, and personal data:
 * registrations in the privacy export, scrubbed by anonymisation, moved by a merge.
 */
import { startTestServer, type TestServer } from '../support/server';
import { testDatabaseKinds } from '../support/database';
import { staffToken } from '../support/lead-fixtures';
import { answerCaller, documentValidators, type AnswerCall } from '../support/openapi';
import { settleRepeats } from '../support/repeat';
import { HOUR, insertEvent, registerPerson, type TestEvent } from '../support/events-jobs';
import type { CrmRegistration, CrmRegistrationList, EventsReport } from '../../src/events-contract';
import type { StaffLead } from '../../src/contract';
import type { Sequence } from '../../src/sequences-contract';
import { CANCELLED_CHECK_IN_MESSAGE, REGISTRATION_NOT_FOUND_MESSAGE } from '../../server/events/check-in';
import { earlyCheckInMessage } from '../../server/events/check-in-day';
import { eventsReport } from '../../server/events/report';
import { exportPerson } from '../../server/privacy/export';
import { anonymisePerson } from '../../server/privacy/anonymise';
import { personOfLead } from '../../server/privacy/person';
import { toTorontoLocalInput } from '../../src/college-time';

const START_TIMEOUT_MS = 120_000;
const DAY = 24 * HOUR;
const FUTURE = new Date('2027-04-14T22:00:00Z');
const BEFORE = new Date('2027-04-01T15:00:00Z');
// FUTURE's day in Toronto: 9:00 (EDT) that morning; check-in is open from midnight, 04:00 UTC.
const ON_THE_DAY = new Date('2027-04-14T13:00:00Z');

describe.each(testDatabaseKinds())('events: check-in, walk-ins, report, privacy and merge (%s)', (kind) => {
  let server: TestServer;
  let call: AnswerCall;
  let token: string;
  /** The server's day clock (ctx.now): the system's unless a test sets a moment. */
  let clockAt: Date | null = null;

  beforeAll(async () => {
    server = await startTestServer({ kind, env: { LEADS_RATE_LIMIT: '10000' }, now: () => clockAt ?? new Date() });
    token = await staffToken(server);
    const document = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as object;
    call = answerCaller(server.url, documentValidators(document), token);
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await server?.close();
  });
  afterEach(() => {
    clockAt = null;
  });

  const staff = { staff: true };
  const CHECK_IN = '/crm/events/{id}/registrations/{registrationId}/check-in';
  const checkInUrl = (event: TestEvent, id: string) => `/crm/events/${event.id}/registrations/${id}/check-in`;
  const list = async (event: TestEvent, q = '') =>
    (await call('GET', '/crm/events/{id}/registrations', `/crm/events/${event.id}/registrations?q=${encodeURIComponent(q)}`, staff))
      .body as CrmRegistrationList;
  const timelineCount = async (leadId: string, event: TestEvent, action: string) => {
    const { rows } = await server.db.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM lead_events WHERE lead_id = $1 AND kind = 'event' AND detail->>'action' = $2 AND detail->>'event_id' = $3`,
      [leadId, action, event.id],
    );
    return rows[0]!.n;
  };

  test('the list: seats by name, then the waitlist in order, then cancellations; q finds a name, an e-mail or phone digits', async () => {
    const event = await insertEvent(server.db.pool, FUTURE, { capacity: 2 });
    const zed = await registerPerson(server, event, BEFORE, 'Zed', { lastName: 'Young' });
    const abe = await registerPerson(server, event, BEFORE, 'Abe', { lastName: 'Adams', phone: '+1 (647) 555-0199' });
    await registerPerson(server, event, BEFORE, 'Wen', { lastName: 'Wu' });
    await registerPerson(server, event, BEFORE, 'Vic', { lastName: 'Vale' });
    await server.db.pool.query(`UPDATE event_registrations SET status = 'cancelled', cancelled_at = now() WHERE id = $1`, [
      zed.registrationId,
    ]);
    // Zed's seat is free again, but nobody was promoted by this SQL: Wen and Vic stay in line.
    const all = await list(event);
    expect(all.event.id).toBe(event.id);
    expect(all.registrations.map((r) => [r.first_name, r.status, r.position])).toEqual([
      ['Abe', 'registered', null],
      ['Wen', 'waitlisted', 1],
      ['Vic', 'waitlisted', 2],
      ['Zed', 'cancelled', null],
    ]);
    expect((await list(event, 'VALE')).registrations.map((r) => [r.first_name, r.position])).toEqual([['Vic', 2]]);
    expect((await list(event, 'wu wen')).registrations.map((r) => r.first_name)).toEqual(['Wen']);
    expect((await list(event, abe.email.slice(0, 8))).registrations.map((r) => r.first_name)).toEqual(['Abe']);
    expect((await list(event, '647 555')).registrations.map((r) => r.first_name)).toEqual(['Abe']);
    expect((await list(event, '100%')).registrations).toEqual([]);
    expect((await call('GET', '/crm/events/{id}/registrations', '/crm/events/999999/registrations', staff)).status).toBe(404);
    expect((await call('GET', '/crm/events/{id}/registrations', `/crm/events/${event.id}/registrations`)).status).toBe(401);
  });

  test('check-in is idempotent and on the timeline; cancelled is refused; a waitlisted person is seated; undo takes it all back', async () => {
    clockAt = ON_THE_DAY;
    const event = await insertEvent(server.db.pool, FUTURE, { capacity: 1 });
    const ada = await registerPerson(server, event, BEFORE, 'Ada');
    const wil = await registerPerson(server, event, BEFORE, 'Wil');
    const cal = await registerPerson(server, event, BEFORE, 'Cal');
    await server.db.pool.query(`UPDATE event_registrations SET status = 'cancelled', cancelled_at = now() WHERE id = $1`, [
      cal.registrationId,
    ]);
    expect([ada.status, wil.status]).toEqual(['registered', 'waitlisted']);

    const first = await call('POST', CHECK_IN, checkInUrl(event, ada.registrationId), staff);
    expect(first.status).toBe(200);
    const checked = first.body as CrmRegistration;
    expect(checked).toMatchObject({ id: ada.registrationId, lead_id: ada.leadId, status: 'registered', checked_in_at: expect.any(String) });
    const again = (await call('POST', CHECK_IN, checkInUrl(event, ada.registrationId), staff)).body as CrmRegistration;
    expect(again.checked_in_at).toBe(checked.checked_in_at);
    expect(await timelineCount(ada.leadId, event, 'attended')).toBe(1);
    const timeline = await server.app.inject({
      url: `/api/crm/leads/${ada.leadId}/timeline`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(timeline.json<{ entries: object[] }>().entries).toContainEqual(
      expect.objectContaining({ kind: 'event', action: 'attended', by: expect.objectContaining({ _id: expect.any(String) }) }),
    );

    const refused = await call('POST', CHECK_IN, checkInUrl(event, cal.registrationId), staff);
    expect([refused.status, refused.body]).toEqual([409, { message: CANCELLED_CHECK_IN_MESSAGE }]);
    const other = await insertEvent(server.db.pool, FUTURE);
    const elsewhere = await call('POST', CHECK_IN, checkInUrl(other, ada.registrationId), staff);
    expect([elsewhere.status, elsewhere.body]).toEqual([404, { message: REGISTRATION_NOT_FOUND_MESSAGE }]);
    expect((await call('POST', CHECK_IN, checkInUrl(event, 'nope'), staff)).status).toBe(404);

    const seated = (await call('POST', CHECK_IN, checkInUrl(event, wil.registrationId), staff)).body as CrmRegistration;
    expect([seated.status, seated.position]).toEqual(['registered', null]);
    const back = (await call('DELETE', CHECK_IN, checkInUrl(event, wil.registrationId), staff)).body as CrmRegistration;
    expect([back.status, back.position, back.checked_in_at]).toEqual(['waitlisted', 1, null]);
    expect(await timelineCount(wil.leadId, event, 'attended')).toBe(0);

    const undone = (await call('DELETE', CHECK_IN, checkInUrl(event, ada.registrationId), staff)).body as CrmRegistration;
    expect([undone.status, undone.checked_in_at]).toEqual(['registered', null]);
    expect((await call('DELETE', CHECK_IN, checkInUrl(event, ada.registrationId), staff)).status).toBe(200);
    expect(await timelineCount(ada.leadId, event, 'attended')).toBe(0);
    expect(await timelineCount(ada.leadId, event, 'registered')).toBe(1);
  });

  test('a walk-in is registered and checked in, even at a full event; an e-mail already registered is that registration', async () => {
    clockAt = ON_THE_DAY;
    const event = await insertEvent(server.db.pool, FUTURE, { capacity: 1 });
    const held = await registerPerson(server, event, BEFORE, 'Hal');
    const body = { first_name: 'Jordan', last_name: 'Lee', email: `jordan.${event.id}@example.com`, phone: '+14165550188', course_id: '' };
    const created = await call('POST', '/crm/events/{id}/walk-ins', `/crm/events/${event.id}/walk-ins`, { ...staff, body });
    expect(created.status).toBe(201);
    const walkIn = created.body as CrmRegistration;
    expect(walkIn).toMatchObject({ status: 'registered', walk_in: true, first_name: 'Jordan', checked_in_at: expect.any(String) });
    expect([await timelineCount(walkIn.lead_id, event, 'registered'), await timelineCount(walkIn.lead_id, event, 'attended')]).toEqual([
      1, 1,
    ]);

    const known = await call('POST', '/crm/events/{id}/walk-ins', `/crm/events/${event.id}/walk-ins`, {
      ...staff,
      body: { ...body, first_name: 'Hal', email: held.email.toUpperCase() },
    });
    expect(known.status).toBe(200);
    expect(known.body).toMatchObject({ id: held.registrationId, walk_in: false, checked_in_at: expect.any(String) });
    const counts = (await list(event)).registrations.filter((r) => r.status === 'registered' && r.checked_in_at).length;
    expect(counts).toBe(2);

    const invalid = await call('POST', '/crm/events/{id}/walk-ins', `/crm/events/${event.id}/walk-ins`, {
      ...staff,
      body: { ...body, email: 'not an address', phone: '12' },
    });
    expect(invalid.status).toBe(400);
    expect(Object.keys((invalid.body as { errors: object }).errors).sort()).toEqual(['email', 'phone']);
    expect((await call('POST', '/crm/events/{id}/walk-ins', '/crm/events/999999/walk-ins', { ...staff, body })).status).toBe(404);
  });

  test("before the event's day a check-in (or walk-in) is refused unless confirmed early, which is audited; from its Toronto midnight it is open", async () => {
    const event = await insertEvent(server.db.pool, FUTURE);
    const [ada, bo] = [await registerPerson(server, event, BEFORE, 'Ada'), await registerPerson(server, event, BEFORE, 'Bo')];
    const walkIn = { first_name: 'Early', last_name: 'Bird', email: `early.${event.id}@example.com`, phone: '+14165550177', course_id: '' };
    const walkIns = `/crm/events/${event.id}/walk-ins`;
    clockAt = new Date(ON_THE_DAY.getTime() - 6 * DAY);

    const refused = await call('POST', CHECK_IN, checkInUrl(event, ada.registrationId), staff);
    expect([refused.status, refused.body]).toEqual([409, { message: earlyCheckInMessage(FUTURE), early_check_in: true }]);
    expect(earlyCheckInMessage(FUTURE)).toContain('Wednesday, April 14, 2027');
    const refusedWalkIn = await call('POST', '/crm/events/{id}/walk-ins', walkIns, { ...staff, body: walkIn });
    expect([refusedWalkIn.status, (await list(event)).registrations.length]).toEqual([409, 2]);
    expect(await timelineCount(ada.leadId, event, 'attended')).toBe(0);

    const early = await call('POST', CHECK_IN, checkInUrl(event, ada.registrationId), { ...staff, body: { early: true } });
    expect(early.status).toBe(200);
    expect((early.body as CrmRegistration).checked_in_at).toBe(clockAt.toISOString());
    expect(await timelineCount(ada.leadId, event, 'attended')).toBe(1);
    expect((await call('POST', '/crm/events/{id}/walk-ins', walkIns, { ...staff, body: { ...walkIn, early: true } })).status).toBe(201);
    const { rows } = await server.db.pool.query<{ details: { registration_id: string; event_id: string } }>(
      `SELECT details FROM audit_log WHERE action = 'event.checked_in_early' AND details->>'event_id' = $1 ORDER BY id`,
      [event.id],
    );
    expect(rows.map((row) => row.details.registration_id)).toEqual([ada.registrationId, expect.any(String)]);

    // 23:59 on the eve in Toronto is already the event's day in UTC: still refused.
    clockAt = new Date('2027-04-14T03:59:00Z');
    expect((await call('POST', CHECK_IN, checkInUrl(event, bo.registrationId), staff)).status).toBe(409);
    clockAt = new Date('2027-04-14T04:00:00Z');
    const onTheDay = await call('POST', CHECK_IN, checkInUrl(event, bo.registrationId), staff);
    expect([onTheDay.status, (onTheDay.body as CrmRegistration).checked_in_at]).toEqual([200, clockAt.toISOString()]);
    expect((await call('POST', CHECK_IN, checkInUrl(event, bo.registrationId), { ...staff, body: { early: 'yes' } })).status).toBe(400);
  });

  test('the report: registered → attended → applied per event and per Toronto month; cancelled events left out', async () => {
    const now = new Date();
    const start = new Date(now.getTime() - 3 * DAY);
    const event = await insertEvent(server.db.pool, start, { capacity: 3 });
    const registeredAt = new Date(start.getTime() - DAY);
    const [p1, p2, p3, waiting] = [
      await registerPerson(server, event, registeredAt, 'Pia'),
      await registerPerson(server, event, registeredAt, 'Pat'),
      await registerPerson(server, event, registeredAt, 'Pol'),
      await registerPerson(server, event, registeredAt, 'Wyn'),
    ];
    expect(waiting.status).toBe('waitlisted');
    await settleRepeats(server);
    await call('POST', CHECK_IN, checkInUrl(event, p1.registrationId), staff);
    const walkIn = { first_name: 'Wally', last_name: 'Kerr', email: `wally.${event.id}@example.com`, phone: '+14165550111', course_id: '' };
    expect((await call('POST', '/crm/events/{id}/walk-ins', `/crm/events/${event.id}/walk-ins`, { ...staff, body: walkIn })).status).toBe(
      201,
    );
    // Applied after registering: Pia and Pat, through the CRM. Pol had applied before registering.
    for (const [lead, stage] of [
      [p1.leadId, 6],
      [p2.leadId, 5],
    ] as const) {
      const current = await server.app.inject({ url: `/api/crm/leads/${lead}`, headers: { authorization: `Bearer ${token}` } });
      const res = await server.app.inject({
        method: 'PATCH',
        url: `/api/crm/leads/${lead}`,
        headers: { authorization: `Bearer ${token}` },
        payload: { stage, version: current.json<StaffLead>().version },
      });
      expect(res.statusCode).toBe(200);
    }
    await server.db.pool.query(`UPDATE leads SET stage = 5 WHERE id = $1`, [p3.leadId]);
    await server.db.pool.query(
      `INSERT INTO lead_events (lead_id, kind, detail, created_at) VALUES ($1, 'stage', '{"from": 1, "to": 5}', $2)`,
      [p3.leadId, new Date(registeredAt.getTime() - DAY)],
    );
    const cancelled = await insertEvent(server.db.pool, start);
    await registerPerson(server, cancelled, registeredAt, 'Cy');
    await server.db.pool.query('UPDATE events SET cancelled_at = now() WHERE id = $1', [cancelled.id]);

    const report = (await call('GET', '/crm/events/report', '/crm/events/report', staff)).body as EventsReport;
    expect(report.events.find((e) => e.id === event.id)).toEqual({
      id: event.id,
      title: event.title,
      starts_at: start.toISOString(),
      registered: 4,
      attended: 2,
      applied: 2,
    });
    expect(report.events.some((e) => e.id === cancelled.id)).toBe(false);
    expect(report.months).toHaveLength(12);
    expect(report.months.at(-1)!.month).toBe(toTorontoLocalInput(now).slice(0, 7));
    const month = report.months.find((m) => m.month === toTorontoLocalInput(start).slice(0, 7));
    expect(month).toEqual({ month: toTorontoLocalInput(start).slice(0, 7), registered: 4, attended: 2, applied: 2 });
    // A year later the event is out of the window.
    const later = await eventsReport(server.db.pool, new Date(now.getTime() + 400 * DAY));
    expect(later.events.some((e) => e.id === event.id)).toBe(false);
  });

  test('sequence rules take an event outcome; anything else is refused with a message', async () => {
    const template = await server.db.pool.query<{ id: string }>(
      `INSERT INTO email_templates (name, kind, subject, body) VALUES ('Thanks', 'commercial', 'Thanks', 'Thanks for coming.') RETURNING id::text AS id`,
    );
    const sequence = {
      name: 'After the open house',
      paused: false,
      exit_stages: [5],
      rules: [{ event_outcome: 'attended', course_type: 1 }],
      steps: [{ kind: 'email', template_id: template.rows[0]!.id }],
    };
    const created = await call('POST', '/crm/sequences', '/crm/sequences', { ...staff, body: sequence });
    expect(created.status).toBe(201);
    expect((created.body as Sequence).rules).toEqual([{ event_outcome: 'attended', course_type: 1 }]);
    const refused = await call('POST', '/crm/sequences', '/crm/sequences', {
      ...staff,
      body: { ...sequence, rules: [{ event_outcome: 'maybe' }] },
    });
    expect([refused.status, (refused.body as { message: string }).message]).toEqual([400, 'An event outcome is "attended" or "no_show".']);
  });

  test('registrations are in the privacy export and anonymisation scrubs them; a merge moves them, two for one event included', async () => {
    const event = await insertEvent(server.db.pool, FUTURE);
    const first = await registerPerson(server, event, BEFORE, 'Priya', { lastName: 'Sharma', phone: '+14165550142' });
    const second = await registerPerson(server, event, BEFORE, 'Priya', { lastName: 'Sharma', phone: '+14165550143' });
    await settleRepeats(server);
    expect(first.leadId).not.toBe(second.leadId);

    const merged = await server.app.inject({
      method: 'POST',
      url: '/api/crm/leads/merge',
      headers: { authorization: `Bearer ${token}` },
      payload: { keepId: first.leadId, mergeId: second.leadId },
    });
    expect(merged.statusCode).toBe(200);
    expect(merged.json<{ moved: Record<string, number> }>().moved['event_registrations.lead_id']).toBe(1);
    const rows = async () =>
      (
        await server.db.pool.query<{ lead_id: string; first_name: string; last_name: string; email: string; phone: string }>(
          'SELECT trim(lead_id) AS lead_id, first_name, last_name, email, phone FROM event_registrations WHERE event_id = $1 ORDER BY id',
          [event.id],
        )
      ).rows;
    expect((await rows()).map((r) => r.lead_id)).toEqual([first.leadId, first.leadId]);
    expect((await list(event)).registrations).toHaveLength(2);

    const person = (await personOfLead(server.db.pool, first.leadId))!;
    const exported = await exportPerson(server.db.pool, person, new Date());
    const section = exported.sections.find((s) => s.table === 'event_registrations');
    expect(section?.label).toBe('Event registrations');
    expect(section?.rows.map((r) => r.email).sort()).toEqual([first.email, second.email].sort());

    const result = await anonymisePerson(server.db, first.leadId, {
      now: new Date(),
      who: { actorId: null, ip: null },
      why: { reason: 'test' },
    });
    expect(result?.rows.event_registrations).toBe(2);
    const scrubbed = await rows();
    for (const row of scrubbed) {
      expect([row.first_name, row.last_name, row.phone]).toEqual(['[removed]', '[removed]', '']);
      expect(row.email).toMatch(/^r\d+\.anonymised-[0-9a-f]{16}@anonymised\.invalid$/);
    }
    expect(JSON.stringify(scrubbed)).not.toMatch(/priya|sharma|555014/i);
    // Again: nothing more changes.
    await anonymisePerson(server.db, first.leadId, { now: new Date(), who: { actorId: null, ip: null }, why: { reason: 'test' } });
    expect(await rows()).toEqual(scrubbed);
  });
});
