/**
 * Issue 24 on both databases: registering (the inquiry form's validation, the same e-mail answers
 * its registration, past/cancelled/closed events refused with a sentence), the last seat taken by
 * two people at once, the lead joined or created with its timeline entries, the cancel link.
 */
import { startTestServer, type TestServer } from '../support/server';
import { testDatabaseKinds } from '../support/database';
import { staffToken, testCourses, validLead, type TestCourses } from '../support/lead-fixtures';
import { settleRepeats } from '../support/repeat';
import { createEvent, eventInput, person, register } from '../support/events';
import type { RegistrationAnswer, RegistrationByToken } from '../../src/events-contract';
import type { TimelineAnswer } from '../../src/crm-contract';
import { MESSAGES } from '../../server/leads/validate';
import { EVENT_CANCELLED_MESSAGE, EVENT_CLOSED_MESSAGE, EVENT_PAST_MESSAGE } from '../../server/events/register';
import { REGISTRATION_NOT_FOUND_MESSAGE } from '../../server/events/registration-cancel';
import { registrationToken } from '../../server/events/registration-token';
import { registerForEvent } from '../../server/events/register';
import { validateRegistration } from '../../server/events/registration-input';

const START_TIMEOUT_MS = 120_000;

describe.each(testDatabaseKinds())('registering for events (%s)', (kind) => {
  let server: TestServer;
  let token: string;
  let courses: TestCourses;
  const auth = () => ({ authorization: `Bearer ${token}` });
  const timeline = async (leadId: string) =>
    (await server.app.inject({ url: `/api/crm/leads/${leadId}/timeline`, headers: auth() })).json<TimelineAnswer>().entries;
  const tokenOf = async (registrationId: string) => registrationToken(server.db.pool, server.ctx.secrets, registrationId);
  const registrationOf = async (email: string) =>
    (
      await server.db.pool.query<{ id: string; lead_id: string; status: string }>(
        'SELECT id::text AS id, trim(lead_id) AS lead_id, status FROM event_registrations WHERE email = $1',
        [email],
      )
    ).rows;

  beforeAll(async () => {
    server = await startTestServer({ kind, listen: false, env: { LEADS_RATE_LIMIT: '10000' } });
    token = await staffToken(server);
    courses = await testCourses(server);
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await server.close();
  });

  test('the form is validated like the inquiry form: same messages, every field named; the honeypot refuses', async () => {
    const event = await createEvent(server, token);
    const bad = await register(server, event.id, { first_name: '', last_name: 'X', email: 'nope', phone: '12', course_id: 'zzz' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      message: MESSAGES.firstName,
      errors: { first_name: MESSAGES.firstName, email: MESSAGES.email, phone: MESSAGES.phone, course_id: MESSAGES.courseId },
    });
    const unknownCourse = await register(server, event.id, person({ course_id: '0123456789abcdef01234567' }));
    expect(unknownCourse.json()).toEqual({ message: MESSAGES.courseId, errors: { course_id: MESSAGES.courseId } });
    const bot = await register(server, event.id, { ...person(), website: 'http://spam.example' });
    expect(bot.statusCode).toBe(400);
    expect(bot.json()).toEqual({ message: MESSAGES.honeypot });
    // A number without "+" is read as Canadian, as on the inquiry form.
    expect((await register(server, event.id, person({ phone: '416 555 0123' }))).statusCode).toBe(201);
  });

  test('registering twice with the same e-mail (any case) answers the first registration, no second seat', async () => {
    const event = await createEvent(server, token, { capacity: 5 });
    const body = person();
    const first = await register(server, event.id, body);
    expect(first.statusCode).toBe(201);
    expect(first.json<RegistrationAnswer>()).toMatchObject({
      status: 'registered',
      position: null,
      event: { id: event.id, seats_left: 4 },
    });
    const again = await register(server, event.id, { ...body, email: body.email.toUpperCase() });
    expect(again.statusCode).toBe(200);
    expect(again.json<RegistrationAnswer>()).toMatchObject({ status: 'registered', event: { seats_left: 4 } });
    expect(again.json<RegistrationAnswer>().message).toMatch(/already registered/);
    const count = await server.db.pool.query('SELECT 1 FROM event_registrations WHERE event_id = $1', [event.id]);
    expect(count.rowCount).toBe(1);
  });

  test('past, started, cancelled and closed events answer 409 with a clear sentence; unknown events 404', async () => {
    const past = await createEvent(server, token, eventInput({}, -3));
    const started = await createEvent(server, token, {
      starts_at: new Date(Date.now() - 10 * 60_000).toISOString(),
      ends_at: new Date(Date.now() + 60 * 60_000).toISOString(),
    });
    const closed = await createEvent(server, token, { registration_open: false });
    const cancelled = await createEvent(server, token);
    await server.app.inject({ method: 'POST', url: `/api/crm/events/${cancelled.id}/cancel`, headers: auth() });
    for (const [event, message] of [
      [past, EVENT_PAST_MESSAGE],
      [started, EVENT_PAST_MESSAGE],
      [closed, EVENT_CLOSED_MESSAGE],
      [cancelled, EVENT_CANCELLED_MESSAGE],
    ] as const) {
      const res = await register(server, event.id, person());
      expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 409, body: { message } });
    }
    expect((await register(server, '987654321', person())).statusCode).toBe(404);
  });

  test('two people at once for the last seat: one is registered, the other waitlisted', async () => {
    const event = await createEvent(server, token, { capacity: 2 });
    expect((await register(server, event.id, person())).statusCode).toBe(201);
    const [a, b] = await Promise.all([register(server, event.id, person()), register(server, event.id, person())]);
    const statuses = [a.json<RegistrationAnswer>().status, b.json<RegistrationAnswer>().status].sort();
    expect(statuses).toEqual(['registered', 'waitlisted']);
    const waitlisted = [a, b].map((r) => r.json<RegistrationAnswer>()).find((r) => r.status === 'waitlisted')!;
    expect(waitlisted).toMatchObject({ position: 1, event: { availability: 'full', seats_left: 0 } });
    expect(waitlisted.message).toMatch(/waitlist \(position 1\)/);
  });

  test('a registration creates a lead (as an inquiry does) or joins the open lead with that e-mail; both show on the timeline', async () => {
    const event = await createEvent(server, token, { course_ids: [courses.fullTime.id] });
    const newcomer = person();
    expect((await register(server, event.id, newcomer, { origin: 'https://partner.example' })).statusCode).toBe(201);
    const [created] = await registrationOf(newcomer.email);
    const lead = await server.db.pool.query('SELECT course_id, source, origin, notify_pending FROM leads WHERE id = $1', [
      created!.lead_id,
    ]);
    // '' for an event covering one program means that program.
    expect(lead.rows[0]).toMatchObject({
      course_id: courses.fullTime.id,
      source: 1,
      origin: 'https://partner.example',
      notify_pending: true,
    });
    expect(await timeline(created!.lead_id)).toContainEqual(
      expect.objectContaining({
        kind: 'event',
        action: 'registered',
        by: null,
        event: { id: event.id, title: event.title, starts_at: event.starts_at },
      }),
    );

    const email = `known.${Date.now()}@example.com`;
    const inquiry = await server.app.inject({ method: 'POST', url: '/api/leads', payload: validLead({ email }) });
    expect(inquiry.statusCode).toBe(201);
    await settleRepeats(server);
    const { rows } = await server.db.pool.query<{ id: string }>('SELECT trim(id) AS id FROM leads WHERE email = $1', [email]);
    const other = await createEvent(server, token);
    expect((await register(server, other.id, person({ email: email.toUpperCase() }))).statusCode).toBe(201);
    const [joined] = await registrationOf(email.toUpperCase());
    expect(joined!.lead_id).toBe(rows[0]!.id);
    const leads = await server.db.pool.query('SELECT 1 FROM leads WHERE lower(email) = lower($1)', [email]);
    expect(leads.rowCount).toBe(1);
    expect((await timeline(joined!.lead_id)).filter((e) => e.kind === 'event')).toHaveLength(1);
  });

  test('the cancel link: the registration by token, cancel (idempotent) promotes the first on the waitlist', async () => {
    const event = await createEvent(server, token, { capacity: 1 });
    const first = person();
    const second = person();
    const third = person();
    for (const body of [first, second, third]) await register(server, event.id, body);
    const [seat] = await registrationOf(first.email);
    const [waiting] = await registrationOf(second.email);
    const link = await tokenOf(seat!.id);
    const read = await server.app.inject({ url: `/api/events/registrations/${link}` });
    expect(read.json<RegistrationByToken>()).toMatchObject({
      status: 'registered',
      position: null,
      first_name: 'Amelia',
      event: { id: event.id },
    });
    expect(
      (await server.app.inject({ url: `/api/events/registrations/${await tokenOf(waiting!.id)}` })).json<RegistrationByToken>().position,
    ).toBe(1);

    const cancel = await server.app.inject({ method: 'POST', url: `/api/events/registrations/${link}/cancel` });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json<RegistrationByToken>()).toMatchObject({ status: 'cancelled', event: { seats_left: 0 } });
    const twice = await server.app.inject({ method: 'POST', url: `/api/events/registrations/${link}/cancel` });
    expect(twice.json<RegistrationByToken>().status).toBe('cancelled');
    expect((await registrationOf(second.email))[0]!.status).toBe('registered');
    expect((await registrationOf(third.email))[0]!.status).toBe('waitlisted');
    expect((await timeline(waiting!.lead_id)).filter((e) => e.kind === 'event').map((e) => e.kind === 'event' && e.action)).toEqual([
      'waitlisted',
      'promoted',
    ]);
    expect((await timeline(seat!.lead_id)).filter((e) => e.kind === 'event').map((e) => e.kind === 'event' && e.action)).toEqual([
      'registered',
      'cancelled',
    ]);
    const unknown = await server.app.inject({ url: `/api/events/registrations/${'x'.repeat(43)}` });
    expect({ status: unknown.statusCode, body: unknown.json() }).toEqual({
      status: 404,
      body: { message: REGISTRATION_NOT_FOUND_MESSAGE },
    });
    expect((await server.app.inject({ method: 'POST', url: '/api/events/registrations/short/cancel' })).statusCode).toBe(404);
  });

  test('a walk-in (registerForEvent with walkIn) gets a seat even when the event is full and has started; no mail', async () => {
    const event = await createEvent(server, token, {
      capacity: 1,
      starts_at: new Date(Date.now() - 30 * 60_000).toISOString(),
      ends_at: new Date(Date.now() + 60 * 60_000).toISOString(),
    });
    await server.db.pool.query(
      `INSERT INTO event_registrations (event_id, first_name, last_name, email, phone, status, token_hash, email_key)
       VALUES ($1, 'Seat', 'Holder', 'seat.holder@example.com', '+14165550123', 'registered', $2, 'seat-holder')`,
      [event.id, `x-${event.id}`],
    );
    const staffId = (await server.db.pool.query<{ id: string }>('SELECT trim(id) AS id FROM users LIMIT 1')).rows[0]!.id;
    const who = person();
    const result = await registerForEvent(server.ctx, event.id, validateRegistration(who, server.ctx.catalogue), {
      walkIn: true,
      by: staffId,
    });
    expect(result).toMatchObject({ created: true, status: 'registered', answer: { status: 'registered', position: null } });
    const row = await server.db.pool.query('SELECT walk_in, status FROM event_registrations WHERE email = $1', [who.email]);
    expect(row.rows[0]).toEqual({ walk_in: true, status: 'registered' });
    const mails = await server.db.pool.query('SELECT 1 FROM mail_queue WHERE to_address = $1 AND subject LIKE $2', [
      who.email,
      '%registered%',
    ]);
    expect(mails.rowCount).toBe(0);
    expect((await timeline(result.leadId!)).find((e) => e.kind === 'event')).toMatchObject({ action: 'registered', by: { _id: staffId } });
    // The public form still refuses the started event.
    expect((await register(server, event.id, person())).statusCode).toBe(409);
  });
});
