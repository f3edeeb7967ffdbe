/**
 * Issue 33 on both databases: the applicant's sign-in link (single use, expiry, throttles, the same
 * answer for every address), the application prefilled from the inquiry and attached to the lead,
 * saving as one types (two tabs keep each other's fields), each step checked with field messages,
 * a person with no inquiry getting a lead, submission moving the lead to "Prospective student",
 * and the answer to an offer.
 */
import { startTestServer, type TestServer } from '../support/server';
import { bothDatabaseKinds } from '../support/database';
import { testCourses, validLead, type TestCourses } from '../support/lead-fixtures';
import { askForLink, bearer, completeAnswers, mailedLinkToken, signInApplicant } from '../support/applicants';
import { insertIntake } from '../support/staff-applications';
import type { ApplicantApplication } from '../../src/application-contract';
import { LINK_INVALID_MESSAGE, LINK_RATE_MESSAGE, LINK_SENT_MESSAGE } from '../../server/applications/applicant-routes';
import { LINKS_PER_HOUR } from '../../server/applications/sign-in-link';
import { SUBMITTED_MESSAGE } from '../../server/applications/application-changes';

const START_TIMEOUT_MS = 120_000;

describe.each(bothDatabaseKinds())('the applicant portal API (%s)', (kind) => {
  let server: TestServer;
  let courses: TestCourses;
  let intakeId: string;
  let serial = 0;
  const email = () => `applicant${++serial}.${Date.now()}@example.com`;
  const q = <R extends object>(text: string, values: unknown[] = []) => server.db.pool.query<R>(text, values).then((r) => r.rows);
  const call = (token: string, method: 'GET' | 'PATCH' | 'POST', url: string, payload?: object) =>
    server.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    server = await startTestServer({ kind, listen: false });
    courses = await testCourses(server);
    intakeId = await insertIntake(server, courses.fullTime.id, '2099-09-08');
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await server?.close();
  });

  test('a link is mailed to any address with the same answer, works once and only for 15 minutes', async () => {
    const known = email();
    await server.app.inject({ method: 'POST', url: '/api/leads', payload: validLead({ email: known, course_id: courses.fullTime.id }) });
    const unknown = email();
    const answers = [await askForLink(server, known), await askForLink(server, unknown)];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ message: LINK_SENT_MESSAGE });
    }
    const token = await mailedLinkToken(server, unknown);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only the hash is stored, never the token.
    const stored = await q<{ token_hash: Buffer }>('SELECT token_hash FROM applicant_links WHERE email = $1', [unknown]);
    expect(stored[0]?.token_hash.toString('base64url')).not.toBe(token);

    const first = await server.app.inject({ method: 'POST', url: '/api/applicant/session', payload: { token } });
    expect(first.statusCode).toBe(200);
    const again = await server.app.inject({ method: 'POST', url: '/api/applicant/session', payload: { token } });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: LINK_INVALID_MESSAGE });

    const late = email();
    await askForLink(server, late);
    await q(`UPDATE applicant_links SET expires_at = now() - interval '1 second' WHERE email = $1`, [late]);
    const expired = await server.app.inject({
      method: 'POST',
      url: '/api/applicant/session',
      payload: { token: await mailedLinkToken(server, late) },
    });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe(LINK_INVALID_MESSAGE);
  });

  test('links are throttled per address (silently) and per client (429)', async () => {
    const address = email();
    for (let i = 0; i < LINKS_PER_HOUR + 2; i += 1) {
      const answer = await askForLink(server, address, '', `192.0.2.${i + 1}`);
      expect(answer.json()).toEqual({ message: LINK_SENT_MESSAGE });
    }
    const mails = await q<{ n: string }>('SELECT count(*) AS n FROM mail_queue WHERE to_address = $1', [address]);
    expect(Number(mails[0]?.n)).toBe(LINKS_PER_HOUR);

    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) statuses.push((await askForLink(server, email(), '', '203.0.113.77')).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    const limited = await askForLink(server, email(), '', '203.0.113.77');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(LINK_RATE_MESSAGE);
  });

  test('the application is prefilled from the inquiry and attached to its lead; a session reads only its own', async () => {
    const address = email();
    const lead = await server.app.inject({
      method: 'POST',
      url: '/api/leads',
      payload: validLead({ email: address, first_name: 'Noor', last_name: 'Ahmed', course_id: courses.fullTime.id, location: 2 }),
    });
    expect(lead.statusCode).toBe(201);
    const token = await signInApplicant(server, address);
    const read = await call(token, 'GET', '/api/applicant/application');
    expect(read.statusCode).toBe(200);
    const application = read.json<ApplicantApplication>();
    expect(application).toMatchObject({
      email: address,
      status: 'started',
      answers: { first_name: 'Noor', last_name: 'Ahmed', course_id: courses.fullTime.id, residency: 'international' },
    });
    expect(application.intakes.map((i) => i._id)).toContain(intakeId);
    const rows = await q<{ lead_id: string; email: string }>(
      'SELECT a.lead_id, l.email FROM applications a JOIN leads l ON l.id = a.lead_id WHERE a.id = $1',
      [application._id],
    );
    expect(rows[0]?.email).toBe(address);
    const timeline = await q<{ detail: { action: string } }>(`SELECT detail FROM lead_events WHERE lead_id = $1 AND kind = 'application'`, [
      rows[0]?.lead_id,
    ]);
    expect(timeline.map((r) => r.detail.action)).toEqual(['started']);

    // Signing in again opens the same application; another person's session never sees it.
    expect((await call(await signInApplicant(server, address), 'GET', '/api/applicant/application')).json<ApplicantApplication>()._id).toBe(
      application._id,
    );
    const other = await call(await signInApplicant(server, email()), 'GET', '/api/applicant/application');
    expect(other.json<ApplicantApplication>()._id).not.toBe(application._id);
    expect((await call('not-a-session-token-at-all-000000', 'GET', '/api/applicant/application')).statusCode).toBe(401);
  });

  test('saving as one types keeps both tabs’ fields; a step names each field at fault', async () => {
    const token = await signInApplicant(server, email(), courses.fullTime.id);
    const [tabA, tabB] = await Promise.all([
      call(token, 'PATCH', '/api/applicant/application', { first_name: 'Lin' }),
      call(token, 'PATCH', '/api/applicant/application', { city: 'Toronto' }),
    ]);
    expect([tabA.statusCode, tabB.statusCode]).toEqual([200, 200]);
    const saved = (await call(token, 'GET', '/api/applicant/application')).json<ApplicantApplication>();
    expect(saved.answers).toMatchObject({ first_name: 'Lin', city: 'Toronto', course_id: courses.fullTime.id });

    const bad = await call(token, 'PATCH', '/api/applicant/application', { residency: 'martian' });
    expect(bad.statusCode).toBe(400);
    const incomplete = await call(token, 'POST', '/api/applicant/application/steps/personal');
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json().errors).toMatchObject({
      last_name: 'Please fill in this field.',
      phone: 'Please enter a valid phone number.',
    });
    expect(incomplete.json().errors.first_name).toBeUndefined();
    const wrongIntake = await call(token, 'PATCH', '/api/applicant/application', { intake_id: '0123456789abcdef01234567' });
    expect(wrongIntake.statusCode).toBe(400);
    expect(wrongIntake.json().errors.intake_id).toMatch(/cannot be chosen/);
  });

  test('a person with no inquiry gets a lead from their personal details; submitting needs the documents, then moves the lead to stage 5', async () => {
    const address = email();
    const token = await signInApplicant(server, address, courses.fullTime.id);
    const answers = completeAnswers(courses.fullTime.id, intakeId);
    expect((await call(token, 'PATCH', '/api/applicant/application', answers)).statusCode).toBe(200);
    expect((await q('SELECT 1 FROM leads WHERE email = $1', [address])).length).toBe(0);
    expect((await call(token, 'POST', '/api/applicant/application/steps/personal')).statusCode).toBe(200);
    const leads = await q<{ id: string; first_name: string; stage: number }>('SELECT id, first_name, stage FROM leads WHERE email = $1', [
      address,
    ]);
    expect(leads).toHaveLength(1);
    expect(leads[0]?.first_name).toBe('Amira');

    const early = await call(token, 'POST', '/api/applicant/application/submit');
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toMatch(/^Please upload every required document before you submit\. Still needed: /);

    // Documents the checklist requires, as rows (uploads are tested in application-documents.test.ts).
    const application = (await call(token, 'GET', '/api/applicant/application')).json<ApplicantApplication>();
    for (const item of application.checklist.filter((i) => i.required)) {
      await q(
        `INSERT INTO application_documents (id, application_id, item_id, file_name, content_type, bytes, sha256, sealed_key)
         VALUES (substr(md5(random()::text), 1, 24), $1, $2, 'scan.pdf', 'application/pdf', 10, 'x', 'x')`,
        [application._id, item._id],
      );
    }
    const submitted = await call(token, 'POST', '/api/applicant/application/submit');
    expect(submitted.statusCode).toBe(200);
    expect(submitted.json<ApplicantApplication>().status).toBe('submitted');
    const lead = await q<{ stage: number }>('SELECT stage FROM leads WHERE id = $1', [leads[0]?.id]);
    expect(lead[0]?.stage).toBe(5);
    const steps = await q<{ kind: string; detail: { action?: string; to?: number } }>(
      `SELECT kind, detail FROM lead_events WHERE lead_id = $1 ORDER BY id`,
      [leads[0]?.id],
    );
    expect(steps.map((s) => s.detail.action ?? `stage ${s.detail.to}`)).toEqual(['started', 'stage 5', 'submitted']);
    // Submitted answers are kept as sent.
    const late = await call(token, 'PATCH', '/api/applicant/application', { city: 'Ottawa' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(SUBMITTED_MESSAGE);
    // A second submit changes nothing.
    expect((await call(token, 'POST', '/api/applicant/application/submit')).statusCode).toBe(200);
    expect((await q(`SELECT 1 FROM lead_events WHERE lead_id = $1 AND detail->>'action' = 'submitted'`, [leads[0]?.id])).length).toBe(1);
  });

  test('the applicant answers an offer once', async () => {
    const token = await signInApplicant(server, email(), courses.fullTime.id);
    const { _id } = (await call(token, 'GET', '/api/applicant/application')).json<ApplicantApplication>();
    expect((await call(token, 'POST', '/api/applicant/application/answer', { answer: 'accepted' })).statusCode).toBe(409);
    await q(
      `UPDATE applications SET status = 'decision_released', decision = 'conditionally_admitted', conditions = 'Final transcript',
              letter = 'Welcome', decided_at = now(), submitted_at = now() WHERE id = $1`,
      [_id],
    );
    const accepted = await call(token, 'POST', '/api/applicant/application/answer', { answer: 'accepted' });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json<ApplicantApplication>()).toMatchObject({
      status: 'accepted',
      answer: 'accepted',
      decision: { decision: 'conditionally_admitted', conditions: 'Final transcript' },
    });
    expect((await call(token, 'POST', '/api/applicant/application/answer', { answer: 'accepted' })).statusCode).toBe(200);
    expect((await call(token, 'POST', '/api/applicant/application/answer', { answer: 'declined' })).statusCode).toBe(409);
  });
});
