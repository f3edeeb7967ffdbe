/**
 * Issue 24 on both databases: events edited in the CRM (who may, validation messages, versions,
 * audit, a start in the past only when confirmed), and the public reads (upcoming only, filters, never the online link, CORS, the .ics).
 */
import { startTestServer, type TestServer } from '../support/server';
import { testDatabaseKinds } from '../support/database';
import { staffToken, testCourses, type TestCourses } from '../support/lead-fixtures';
import { addStaff } from '../support/crm-staff';
import { createEvent, eventInput } from '../support/events';
import type { CrmEvent, CrmEventList, PublicEvent, PublicEventList } from '../../src/events-contract';
import { EVENT_MESSAGES } from '../../server/events/event-schemas';
import { EVENT_CONFLICT_MESSAGE } from '../../server/events/event-store';
import { EVENT_EDITOR_ONLY_MESSAGE } from '../../server/auth/guards';
import { answerCaller, documentValidators } from '../support/openapi';
import { person } from '../support/events';
import { registrationToken } from '../../server/events/registration-token';

const START_TIMEOUT_MS = 120_000;

describe.each(testDatabaseKinds())('events in the CRM and on the public API (%s)', (kind) => {
  let server: TestServer;
  let token: string;
  let courses: TestCourses;
  const auth = (t = token) => ({ authorization: `Bearer ${t}` });

  beforeAll(async () => {
    server = await startTestServer({ kind });
    token = await staffToken(server);
    courses = await testCourses(server);
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await server.close();
  });

  test('an admin creates, reads and saves an event; a stale save is a 409 with the current version; all audited', async () => {
    const created = await createEvent(server, token, { title: 'Open House: Cloud & Security', course_ids: [courses.fullTime.id] });
    expect(created).toMatchObject({ version: 1, course_ids: [courses.fullTime.id], cancelled_at: null });
    // The title's words, so the breadcrumb built from the path reads as the title (issue 31);
    // the same title again adds its Toronto date, and the same title and day a number.
    expect(created.slug).toBe('open-house-cloud-security');
    const again = await createEvent(server, token, {
      title: 'Open House: Cloud & Security',
      starts_at: created.starts_at,
      ends_at: created.ends_at,
    });
    expect(again.slug).toMatch(/^open-house-cloud-security-\d{4}-\d{2}-\d{2}$/);
    const third = await createEvent(server, token, {
      title: 'Open House: Cloud & Security',
      starts_at: created.starts_at,
      ends_at: created.ends_at,
    });
    expect(third.slug).toBe(`${again.slug}-2`);
    // "registration" is the cancel link's page: an event of that title takes its date at once.
    expect((await createEvent(server, token, { title: 'Registration' })).slug).toMatch(/^registration-\d{4}-\d{2}-\d{2}$/);

    const read = await server.app.inject({ url: `/api/crm/events/${created.id}`, headers: auth() });
    expect(read.json<CrmEvent>()).toEqual(created);
    const list = await server.app.inject({ url: '/api/crm/events', headers: auth() });
    expect(list.json<CrmEventList>().events.map((e) => e.id)).toEqual(expect.arrayContaining([created.id, again.id]));

    const { id, slug, cancelled_at: _c, version, counts: _n, ...input } = created;
    const saved = await server.app.inject({
      method: 'PUT',
      url: `/api/crm/events/${id}`,
      headers: auth(),
      payload: { ...input, version, capacity: 30, title: 'Open House (renamed)' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<CrmEvent>()).toMatchObject({ version: 2, capacity: 30, title: 'Open House (renamed)', slug });
    const stale = await server.app.inject({ method: 'PUT', url: `/api/crm/events/${id}`, headers: auth(), payload: { ...input, version } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ message: EVENT_CONFLICT_MESSAGE, version: 2 });

    const audit = await server.db.pool.query<{ action: string; details: { event_id: string; fields?: string[] } }>(
      `SELECT action, details FROM audit_log WHERE details->>'event_id' = $1 ORDER BY id`,
      [id],
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['event.created', 'event.changed']);
    expect(audit.rows[1]!.details.fields).toEqual(expect.arrayContaining(['title', 'capacity']));
  });

  test('counsellors may list and read but not create, save or cancel; signed-out callers get 401', async () => {
    const event = await createEvent(server, token);
    const counsellor = await addStaff(server, 'Casey Counsellor');
    expect((await server.app.inject({ url: '/api/crm/events', headers: auth(counsellor.token) })).statusCode).toBe(200);
    expect((await server.app.inject({ url: `/api/crm/events/${event.id}`, headers: auth(counsellor.token) })).statusCode).toBe(200);
    const create = await server.app.inject({
      method: 'POST',
      url: '/api/crm/events',
      headers: auth(counsellor.token),
      payload: eventInput(),
    });
    expect(create.statusCode).toBe(403);
    expect(create.json()).toEqual({ message: EVENT_EDITOR_ONLY_MESSAGE });
    const cancel = await server.app.inject({ method: 'POST', url: `/api/crm/events/${event.id}/cancel`, headers: auth(counsellor.token) });
    expect(cancel.statusCode).toBe(403);
    expect((await server.app.inject({ url: '/api/crm/events' })).statusCode).toBe(401);
    // A catalogue editor may.
    await server.db.pool.query('UPDATE users SET catalogue_editor = true WHERE id = $1', [counsellor.id]);
    expect(
      (await server.app.inject({ method: 'POST', url: '/api/crm/events', headers: auth(counsellor.token), payload: eventInput() }))
        .statusCode,
    ).toBe(201);
  });

  test('validation names each field with a clear message', async () => {
    const post = (payload: object) => server.app.inject({ method: 'POST', url: '/api/crm/events', headers: auth(), payload });
    const start = '2030-05-01T18:00:00-04:00';
    const cases: [object, string, string][] = [
      [{ ends_at: start, starts_at: start }, 'ends_at', EVENT_MESSAGES.endsAfterStart],
      [{ capacity: 0 }, 'capacity', EVENT_MESSAGES.capacity],
      [{ capacity: 100_001 }, 'capacity', EVENT_MESSAGES.capacity],
      [{ place: { kind: 'campus', room: ' ' } }, 'place.room', EVENT_MESSAGES.room],
      [{ place: { kind: 'online', url: 'http://example.com/meet' } }, 'place.url', EVENT_MESSAGES.url],
      [{ course_ids: ['0123456789abcdef01234567'] }, 'course_ids', EVENT_MESSAGES.courseMissing],
      [{ title: '' }, 'title', EVENT_MESSAGES.title],
      [{ kind: 'party' }, 'kind', EVENT_MESSAGES.kind],
      [{ starts_at: '2030-05-01 18:00' }, 'starts_at', EVENT_MESSAGES.startsAt],
    ];
    for (const [change, field, message] of cases) {
      const res = await post({ ...eventInput({ starts_at: start, ends_at: '2030-05-01T19:00:00-04:00' }), ...change });
      expect({ field, status: res.statusCode, body: res.json() }).toEqual({
        field,
        status: 400,
        body: { message, errors: { [field]: message } },
      });
    }
    const online = await post(eventInput({ place: { kind: 'online', url: 'https://meet.example.com/abc' } }));
    expect(online.statusCode).toBe(201);
  });

  test('a start in the past (new, or a move) is refused with a field message unless confirmed; an unmoved past event saves as it is', async () => {
    const past = eventInput({}, -2);
    const refused = await server.app.inject({ method: 'POST', url: '/api/crm/events', headers: auth(), payload: past });
    expect([refused.statusCode, refused.json()]).toEqual([
      400,
      { message: EVENT_MESSAGES.pastDate, errors: { starts_at: EVENT_MESSAGES.pastDate }, past_date: true },
    ]);
    const post = { method: 'POST', url: '/api/crm/events', headers: auth(), payload: { ...past, confirm_past_date: true } } as const;
    const accepted = await server.app.inject(post);
    expect(accepted.statusCode).toBe(201);
    const saved = accepted.json<CrmEvent>();
    expect(saved.starts_at).toBe(past.starts_at);
    expect(saved).not.toHaveProperty('confirm_past_date');

    const put = (event: CrmEvent, change: object) => {
      const { id, slug: _s, cancelled_at: _c, counts: _n, ...input } = event;
      return server.app.inject({ method: 'PUT', url: `/api/crm/events/${id}`, headers: auth(), payload: { ...input, ...change } });
    };
    const unmoved = await put(saved, { description: 'Written up afterwards.' });
    expect(unmoved.statusCode).toBe(200);
    const audit = await server.db.pool.query<{ details: { fields: string[] } }>(
      `SELECT details FROM audit_log WHERE action = 'event.changed' AND details->>'event_id' = $1`,
      [saved.id],
    );
    expect(audit.rows[0]?.details.fields).toEqual(['description']);

    const future = await createEvent(server, token);
    const moved = { starts_at: eventInput({}, -1).starts_at, ends_at: eventInput({}, 1).ends_at };
    const refusedMove = await put(future, moved);
    expect([refusedMove.statusCode, refusedMove.json<{ errors: object }>().errors]).toEqual([400, { starts_at: EVENT_MESSAGES.pastDate }]);
    expect((await put(future, { ...moved, confirm_past_date: true })).statusCode).toBe(200);
  });

  test('the public list: upcoming only, soonest first, by program and kind; never the online link; CORS; the .ics', async () => {
    const secret = 'https://meet.example.com/secret-room-42';
    const later = await createEvent(server, token, {
      ...eventInput({}, 40),
      kind: 'webinar',
      place: { kind: 'online', url: secret },
      course_ids: [courses.partTime.id],
    });
    const sooner = await createEvent(server, token, { ...eventInput({}, 30), kind: 'open_house', course_ids: [courses.fullTime.id] });
    const past = await createEvent(server, token, eventInput({}, -5));
    const cancelled = await createEvent(server, token, eventInput({}, 35));
    expect((await server.app.inject({ method: 'POST', url: `/api/crm/events/${cancelled.id}/cancel`, headers: auth() })).statusCode).toBe(
      200,
    );

    const list = await server.app.inject({ url: '/api/events', headers: { origin: 'https://partner.example' } });
    expect(list.statusCode).toBe(200);
    expect(list.headers['access-control-allow-origin']).toBe('*');
    expect(list.body).not.toContain(secret);
    const ids = list.json<PublicEventList>().events.map((e) => e.id);
    expect(ids).not.toContain(past.id);
    expect(ids).not.toContain(cancelled.id);
    expect(ids.indexOf(sooner.id)).toBeLessThan(ids.indexOf(later.id));
    const byCourse = (await server.app.inject({ url: `/api/events?course=${courses.partTime.id}&kind=` })).json<PublicEventList>();
    expect(byCourse.events.map((e) => e.id)).toContain(later.id);
    expect(byCourse.events.map((e) => e.id)).not.toContain(sooner.id);
    const byKind = (await server.app.inject({ url: '/api/events?course=&kind=open_house' })).json<PublicEventList>();
    expect(byKind.events.every((e) => e.kind === 'open_house')).toBe(true);
    expect((await server.app.inject({ url: '/api/events?kind=party' })).statusCode).toBe(400);

    const one = await server.app.inject({ url: `/api/events/${later.id}` });
    expect(one.body).not.toContain(secret);
    expect(one.json<PublicEvent>()).toMatchObject({ place: { kind: 'online' }, availability: 'open', seats_left: 20 });
    const bySlug = await server.app.inject({ url: `/api/events/slug/${sooner.slug}` });
    expect(bySlug.json<PublicEvent>()).toMatchObject({
      id: sooner.id,
      place: { kind: 'campus', room: 'Room 701', address: expect.stringContaining('Toronto') },
    });
    expect((await server.app.inject({ url: `/api/events/${past.id}` })).json<PublicEvent>().availability).toBe('past');
    expect((await server.app.inject({ url: `/api/events/${cancelled.id}` })).json<PublicEvent>().availability).toBe('cancelled');
    expect((await server.app.inject({ url: '/api/events/999999999' })).statusCode).toBe(404);
    expect((await server.app.inject({ url: '/api/events/slug/no-such-event' })).statusCode).toBe(404);

    const ics = await server.app.inject({ url: `/api/events/${later.id}/calendar.ics` });
    expect(ics.statusCode).toBe(200);
    expect(ics.headers['content-type']).toMatch(/^text\/calendar/);
    expect(ics.body).toContain('BEGIN:VTIMEZONE');
    expect(ics.body).not.toContain('secret-room-42');
  });

  test('every events answer matches its documented shape (public, registration, cancel link, CRM, timeline)', async () => {
    const document = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as object;
    const call = answerCaller(server.url, documentValidators(document), token);
    const staff = { staff: true };
    const event = await createEvent(server, token, { capacity: 1, place: { kind: 'online', url: 'https://meet.example.com/x' } });
    await call('GET', '/events', '/events?course=&kind=');
    await call('GET', '/events/{id}', `/events/${event.id}`);
    await call('GET', '/events/slug/{slug}', `/events/slug/${event.slug}`);
    expect((await call('GET', '/events/{id}', '/events/424242')).status).toBe(404);
    const first = person();
    expect((await call('POST', '/events/{id}/registrations', `/events/${event.id}/registrations`, { body: first })).status).toBe(201);
    expect((await call('POST', '/events/{id}/registrations', `/events/${event.id}/registrations`, { body: first })).status).toBe(200);
    expect((await call('POST', '/events/{id}/registrations', `/events/${event.id}/registrations`, { body: person() })).status).toBe(201);
    expect((await call('POST', '/events/{id}/registrations', `/events/${event.id}/registrations`, { body: { email: 'x' } })).status).toBe(
      400,
    );
    const { rows } = await server.db.pool.query<{ id: string; lead_id: string }>(
      'SELECT id::text AS id, trim(lead_id) AS lead_id FROM event_registrations WHERE email = $1',
      [first.email],
    );
    const link = await registrationToken(server.db.pool, server.ctx.secrets, rows[0]!.id);
    await call('GET', '/events/registrations/{token}', `/events/registrations/${link}`);
    expect((await call('POST', '/events/registrations/{token}/cancel', `/events/registrations/${link}/cancel`)).status).toBe(200);
    expect((await call('GET', '/events/registrations/{token}', `/events/registrations/${'a'.repeat(43)}`)).status).toBe(404);
    await call('GET', '/crm/events', '/crm/events', staff);
    await call('GET', '/crm/events/{id}', `/crm/events/${event.id}`, staff);
    const { id, slug: _s, cancelled_at: _c, counts: _n, version, ...input } = event;
    expect(
      (await call('PUT', '/crm/events/{id}', `/crm/events/${id}`, { ...staff, body: { ...input, version, capacity: 5 } })).status,
    ).toBe(200);
    expect((await call('PUT', '/crm/events/{id}', `/crm/events/${id}`, { ...staff, body: { ...input, version } })).status).toBe(409);
    expect((await call('POST', '/crm/events/{id}/cancel', `/crm/events/${id}/cancel`, staff)).status).toBe(200);
    expect((await call('POST', '/events/{id}/registrations', `/events/${id}/registrations`, { body: person() })).status).toBe(409);
    const timeline = await call('GET', '/crm/leads/{id}/timeline', `/crm/leads/${rows[0]!.lead_id}/timeline`, staff);
    expect(JSON.stringify(timeline.body)).toContain('"kind":"event"');
  });
});
