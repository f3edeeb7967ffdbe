/**
 * Sequences through the API and step by step (both databases): admins create and edit them,
 * staff enrol and remove leads; a lead leaves on a reply, an exit stage, lapsed consent or removal;
 * a paused sequence runs nothing until resumed; editing a live sequence changes only steps not yet
 * due. Steps are run by calling the job's handler with an explicit clock, far from the server's own.
 */
import type { TestServer } from '../support/server';
import { startTestServer } from '../support/server';
import { addStaff, type TestStaff } from '../support/crm-staff';
import { testDatabaseKinds } from '../support/database';
import { countRows, insertLead, insertTemplate, quietLog } from '../support/sequences';
import { runStepJob } from '../../server/sequences/step-runner';
import { linkTokens } from '../../server/consent/consent-token';
import { UNSUBSCRIBED_TEXT } from '../../server/consent/consent-store';
import { STEP_QUEUE, type SequenceDeps } from '../../server/sequences/engine-deps';
import type { Sequence, SequenceInput } from '../../src/sequences-contract';

const START_TIMEOUT_MS = 120_000;

describe.each(testDatabaseKinds())('sequences (%s)', (kind) => {
  let server: TestServer;
  let admin: TestStaff;
  let counsellor: TestStaff;
  let welcome: string;
  let other: string;
  let deps: SequenceDeps;
  // Tuesday 12 January 2027, 10:00 in Toronto: business time, and after anything the server's own clock reaches.
  let now = new Date('2027-01-12T15:00:00Z');

  beforeAll(async () => {
    server = await startTestServer({ kind, listen: false });
    admin = await addStaff(server, 'Ada Admin', 'admin');
    counsellor = await addStaff(server, 'Carl Counsellor');
    welcome = await insertTemplate(server.db.pool, 'Welcome');
    other = await insertTemplate(server.db.pool, 'Open house');
    const { db, jobs, mailer, config, catalogue } = server.ctx;
    deps = { db, jobs, mailer, config, catalogue, now: () => now, log: quietLog };
    // The test runs each step itself; the server's own step worker (real clock) could otherwise take a
    // step between an enrolment and the test moving its times to the test's clock (a flaky "consent").
    await jobs.offWork(STEP_QUEUE.name);
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await server?.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
    server.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });

  let sequenceNumber = 0;
  async function createSequence(steps: SequenceInput['steps'], extra: Partial<SequenceInput> = {}): Promise<Sequence> {
    sequenceNumber += 1;
    const body: SequenceInput = { name: `Sequence ${sequenceNumber}`, paused: false, exit_stages: [5], rules: [], steps, ...extra };
    const answer = await call('POST', '/api/crm/sequences', admin.token, body);
    expect(answer.statusCode).toBe(201);
    return answer.json<Sequence>();
  }
  const threeSteps = (): SequenceInput['steps'] => [
    { kind: 'email', template_id: welcome },
    { kind: 'wait', days: 1 },
    { kind: 'task', task_type: 1, subject: 'Call A' },
  ];

  async function enrolled(sequence: Sequence, leadOptions: { createdAt?: Date } = {}): Promise<{ lead: string; enrolment: string }> {
    const lead = await insertLead(server.db.pool, { createdAt: leadOptions.createdAt ?? now, ownerId: counsellor.id, courseType: 3 });
    const answer = await call('POST', `/api/crm/leads/${lead}/sequences`, counsellor.token, { sequence_id: sequence.id });
    expect(answer.statusCode).toBe(201);
    const { rows } = await server.db.pool.query<{ id: string }>('SELECT id::text AS id FROM sequence_enrolments WHERE lead_id = $1', [
      lead,
    ]);
    // Enrolled "by hand" at the test's clock, so its steps are due on that clock.
    await server.db.pool.query('UPDATE sequence_enrolments SET enrolled_at = $2, next_due_at = $2 WHERE id = $1', [rows[0]!.id, now]);
    return { lead, enrolment: rows[0]!.id };
  }
  /** Runs the enrolment's next step as its job would, at the test's clock. */
  async function runNext(enrolment: string): Promise<void> {
    const { rows } = await server.db.pool.query<{ step: string | null }>(
      'SELECT next_step_id::text AS step FROM sequence_enrolments WHERE id = $1',
      [enrolment],
    );
    await runStepJob(deps, { enrolmentId: enrolment, stepId: rows[0]?.step ?? 'end' });
  }
  const state = async (enrolment: string) =>
    (
      await server.db.pool.query<{ state: string; left_reason: string | null }>(
        'SELECT state, left_reason FROM sequence_enrolments WHERE id = $1',
        [enrolment],
      )
    ).rows[0];
  const mails = (lead: string) => countRows(server.db.pool, 'SELECT 1 FROM lead_emails WHERE lead_id = $1', [lead]);
  const later = (hours: number) => {
    now = new Date(now.getTime() + hours * 3_600_000);
  };

  test('admins create sequences with checked fields; counsellors may not', async () => {
    const refused = await call('POST', '/api/crm/sequences', counsellor.token, {
      name: 'x',
      paused: false,
      exit_stages: [],
      rules: [],
      steps: threeSteps(),
    });
    expect(refused.statusCode).toBe(403);
    const invalid = await call('POST', '/api/crm/sequences', admin.token, {
      name: 'Bad',
      paused: false,
      exit_stages: [],
      rules: [],
      steps: [{ kind: 'wait', days: 0 }],
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ message: 'A wait is 1 to 90 business days.' });
    const unknownTemplate = await call('POST', '/api/crm/sequences', admin.token, {
      name: 'Gone',
      paused: false,
      exit_stages: [],
      rules: [],
      steps: [{ kind: 'email', template_id: '999999' }],
    });
    expect(unknownTemplate.statusCode).toBe(400);
    const sequence = await createSequence(threeSteps(), { rules: [{ course_type: 1, location: 2, source: 3 }] });
    expect(sequence.steps.map((s) => s.kind)).toEqual(['email', 'wait', 'task']);
    const list = await call('GET', '/api/crm/sequences', counsellor.token);
    expect(list.json().templates.map((t: { name: string }) => t.name)).toEqual(expect.arrayContaining(['Welcome', 'Open house']));
    const stale = await call('PUT', `/api/crm/sequences/${sequence.id}`, admin.token, { ...sequence, version: sequence.version + 1 });
    expect(stale.statusCode).toBe(409);
  });

  test('a reply ends the enrolment before its next step', async () => {
    const sequence = await createSequence(threeSteps());
    const { lead, enrolment } = await enrolled(sequence);
    const again = await call('POST', `/api/crm/leads/${lead}/sequences`, counsellor.token, { sequence_id: sequence.id });
    expect(again.statusCode).toBe(409);
    await runNext(enrolment);
    expect(await mails(lead)).toBe(1);
    later(1);
    await server.db.pool.query(`INSERT INTO lead_events (lead_id, kind, detail, created_at) VALUES ($1, 'reply', '{}', $2)`, [lead, now]);
    later(1);
    await runNext(enrolment);
    expect(await state(enrolment)).toEqual({ state: 'left', left_reason: 'replied' });
    const timeline = await call('GET', `/api/crm/leads/${lead}/timeline`, counsellor.token);
    const kinds = timeline.json().entries.map((e: { kind: string }) => e.kind);
    expect(kinds).toEqual(['inquiry', 'sequence_enrolled', 'email_sent', 'sequence_step', 'sequence_left']);
    expect(timeline.json().entries[4]).toMatchObject({ reason: 'The lead replied.', by: null });
  });

  test('reaching an exit stage ends it; lapsed consent skips the e-mail and ends it', async () => {
    const sequence = await createSequence(threeSteps());
    const staged = await enrolled(sequence);
    await server.db.pool.query('UPDATE leads SET stage = 5 WHERE id = $1', [staged.lead]);
    await runNext(staged.enrolment);
    expect(await state(staged.enrolment)).toEqual({ state: 'left', left_reason: 'stage' });
    expect(await mails(staged.lead)).toBe(0);

    // Implied consent from an inquiry lasts six months (CASL); this inquiry is seven months old.
    const lapsed = await enrolled(sequence, { createdAt: new Date(now.getTime() - 213 * 86_400_000) });
    await runNext(lapsed.enrolment);
    expect(await state(lapsed.enrolment)).toEqual({ state: 'left', left_reason: 'consent' });
    expect(await mails(lapsed.lead)).toBe(0);
    const { rows } = await server.db.pool.query<{ outcome: string; reason: string }>(
      'SELECT outcome, reason FROM sequence_step_runs WHERE enrolment_id = $1',
      [lapsed.enrolment],
    );
    expect(rows).toEqual([
      { outcome: 'skipped', reason: expect.stringMatching(/^No consent: implied consent from the inquiry of .* ended on /) },
    ]);
  });

  test('an unsubscribe ends the enrolment at once, in the same statement (issue 31)', async () => {
    const sequence = await createSequence(threeSteps());
    const { lead, enrolment } = await enrolled(sequence);
    const { rows } = await server.db.pool.query<{ email: string }>('SELECT email FROM leads WHERE id = $1', [lead]);
    const token = (await linkTokens(server.db.pool, server.config)).tokenFor(rows[0]!.email, 'unsubscribe').token;
    const unsubscribed = await server.app.inject({
      method: 'POST',
      url: `/unsubscribe?token=${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(unsubscribed.statusCode).toBe(200);
    expect(await state(enrolment)).toEqual({ state: 'left', left_reason: 'consent' });
    const timeline = (await call('GET', `/api/crm/leads/${lead}/timeline`, counsellor.token)).json().entries;
    expect(timeline.filter((e: { kind: string }) => e.kind === 'sequence_left')).toEqual([
      expect.objectContaining({ reason: UNSUBSCRIBED_TEXT, by: null }),
    ]);
    // Its next step, when its job comes, does nothing.
    await runNext(enrolment);
    expect(await mails(lead)).toBe(0);
  });

  test('a person removes a lead; its steps then do nothing', async () => {
    const { lead, enrolment } = await enrolled(await createSequence(threeSteps()));
    const removed = await call('DELETE', `/api/crm/leads/${lead}/sequences/${enrolment}`, counsellor.token);
    expect(removed.statusCode).toBe(200);
    expect((await call('DELETE', `/api/crm/leads/${lead}/sequences/${enrolment}`, counsellor.token)).statusCode).toBe(404);
    await runNext(enrolment);
    expect(await mails(lead)).toBe(0);
    const listed = await call('GET', `/api/crm/leads/${lead}/sequences`, counsellor.token);
    expect(listed.json().enrolments).toEqual([
      expect.objectContaining({ state: 'left', left_reason: 'Removed by a person', next_step: null }),
    ]);
    const timeline = (await call('GET', `/api/crm/leads/${lead}/timeline`, counsellor.token)).json().entries;
    expect(timeline.at(-1)).toMatchObject({ kind: 'sequence_left', by: { name: 'Carl Counsellor' } });
  });

  test('a paused sequence runs nothing until it is resumed', async () => {
    const sequence = await createSequence(threeSteps());
    const { lead, enrolment } = await enrolled(sequence);
    const paused = await call('PUT', `/api/crm/sequences/${sequence.id}`, admin.token, { ...sequence, paused: true });
    expect(paused.statusCode).toBe(200);
    await runNext(enrolment);
    expect(await mails(lead)).toBe(0);
    const resumed = await call('PUT', `/api/crm/sequences/${sequence.id}`, admin.token, { ...paused.json<Sequence>(), paused: false });
    expect(resumed.statusCode).toBe(200);
    await runNext(enrolment);
    expect(await mails(lead)).toBe(1);
    expect(await state(enrolment)).toEqual({ state: 'active', left_reason: null });
  });

  test('editing a live sequence changes only the steps not yet due', async () => {
    const sequence = await createSequence(threeSteps());
    const { lead, enrolment } = await enrolled(sequence);
    await runNext(enrolment); // the e-mail
    await runNext(enrolment); // the wait: the task is due a business day later
    const [email, wait, task] = sequence.steps;
    const edited = await call('PUT', `/api/crm/sequences/${sequence.id}`, admin.token, {
      ...sequence,
      steps: [
        { ...email, template_id: other },
        wait,
        { ...task, subject: 'Call B' },
        { kind: 'task', task_type: 3, subject: 'Meeting about the program' },
      ],
    });
    expect(edited.statusCode).toBe(200);
    later(24);
    await runNext(enrolment);
    await runNext(enrolment);
    await runNext(enrolment);
    const { rows } = await server.db.pool.query<{ subject: string }>(
      'SELECT subject FROM activities WHERE lead_id = $1 ORDER BY created_at, subject',
      [lead],
    );
    expect(rows.map((r) => r.subject)).toEqual(['Call B', 'Meeting about the program']);
    const sent = await server.db.pool.query<{ template_id: string }>(
      'SELECT template_id::text AS template_id FROM lead_emails WHERE lead_id = $1',
      [lead],
    );
    expect(sent.rows).toEqual([{ template_id: welcome }]);
    expect(await state(enrolment)).toEqual({ state: 'completed', left_reason: null });
  });
});
