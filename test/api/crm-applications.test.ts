/**
 * Issue 33, the staff side of applications on both databases: who sees which application
 * (counsellor, admin, granted), the list's filters, sort and counts, document review (accept,
 * return with a reason e-mailed to the applicant), notes, the decision released once (two at once
 * send one e-mail), the letter's placeholders, decision letters (admins edit) and validation.
 */
import { startTestServer, type TestServer } from '../support/server';
import { bothDatabaseKinds } from '../support/database';
import { staffToken, testCourses, type TestCourses } from '../support/lead-fixtures';
import { addStaff, type TestStaff } from '../support/crm-staff';
import { insertApplication, insertIntake } from '../support/staff-applications';
import { crmApplicationPaths, type ApplicationListPage, type DecisionLetter, type StaffApplication } from '../../src/application-contract';
import { APPLICATION_NOT_FOUND_MESSAGE } from '../../server/applications/staff-visibility';
import { REASON_MESSAGE, REVIEW_STATUS_MESSAGE } from '../../server/applications/review-document';
import {
  ALREADY_DECIDED_MESSAGE,
  CONDITIONS_MESSAGE,
  MISSING_ITEMS_MESSAGE,
  NOT_SUBMITTED_MESSAGE,
} from '../../server/applications/decision-release';
import { ADMIN_ONLY_MESSAGE } from '../../server/auth/guards';

const START_TIMEOUT_MS = 120_000;

describe.each(bothDatabaseKinds())('applications in the CRM (%s)', (kind) => {
  let server: TestServer;
  let admin: string;
  let courses: TestCourses;
  let ann: TestStaff;
  let bob: TestStaff;
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  const get = <T>(url: string, token = admin) =>
    server.app.inject({ url, headers: auth(token) }).then((r) => ({ status: r.statusCode, body: r.json<T>() }));
  const post = <T>(url: string, payload: object, token = admin) =>
    server.app.inject({ method: 'POST', url, headers: auth(token), payload }).then((r) => ({ status: r.statusCode, body: r.json<T>() }));
  const mailsTo = async (to: string) =>
    (
      await server.db.pool.query<{ subject: string; text_body: string; html_body: string }>(
        'SELECT subject, text_body, html_body FROM mail_queue WHERE to_address = $1 ORDER BY id',
        [to],
      )
    ).rows;
  const auditOf = async (applicationId: string) =>
    (
      await server.db.pool.query<{ action: string }>(`SELECT action FROM audit_log WHERE details->>'application_id' = $1 ORDER BY id`, [
        applicationId,
      ])
    ).rows.map((r) => r.action);

  beforeAll(async () => {
    server = await startTestServer({ kind, listen: false });
    admin = await staffToken(server);
    courses = await testCourses(server);
    ann = await addStaff(server, 'Ann Counsellor');
    bob = await addStaff(server, 'Bob Counsellor');
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await server.close();
  });

  test('a counsellor sees the applications of their own leads; admins and granted accounts see all; others answer 404', async () => {
    const mine = await insertApplication(server, { courseId: courses.fullTime.id, ownerId: ann.id, lastName: 'Annsown' });
    const theirs = await insertApplication(server, { courseId: courses.fullTime.id, ownerId: bob.id, lastName: 'Bobsown' });
    const annList = await get<ApplicationListPage>(crmApplicationPaths.list, ann.token);
    const annIds = annList.body.applications.map((a) => a._id);
    expect(annIds).toContain(mine.id);
    expect(annIds).not.toContain(theirs.id);
    expect((await get(crmApplicationPaths.one(theirs.id), ann.token)).status).toBe(404);
    expect((await get(crmApplicationPaths.one(theirs.id), ann.token)).body).toEqual({ message: APPLICATION_NOT_FOUND_MESSAGE });
    expect((await post(crmApplicationPaths.notes(theirs.id), { text: 'Peeking' }, ann.token)).status).toBe(404);
    expect((await get(crmApplicationPaths.one('0'.repeat(24)), admin)).status).toBe(404);

    const adminIds = (await get<ApplicationListPage>(crmApplicationPaths.list)).body.applications.map((a) => a._id);
    expect(adminIds).toEqual(expect.arrayContaining([mine.id, theirs.id]));

    // The grant, as lead export is granted: by an admin on the Staff page, audited.
    const member = await get<{ staff: { _id: string; version: number; all_applications: boolean }[] }>('/api/crm/staff');
    const annRow = member.body.staff.find((m) => m._id === ann.id);
    expect(annRow?.all_applications).toBe(false);
    const patched = await server.app.inject({
      method: 'PATCH',
      url: `/api/crm/staff/${ann.id}`,
      headers: auth(admin),
      payload: { version: annRow?.version, all_applications: true },
    });
    expect(patched.json()).toMatchObject({ all_applications: true });
    const grant = await server.db.pool.query<{ details: { permission: string; granted: boolean } }>(
      `SELECT details FROM audit_log WHERE action = 'staff.permission_changed' AND details->>'target_id' = $1`,
      [ann.id],
    );
    expect(grant.rows.map((r) => r.details)).toEqual([expect.objectContaining({ permission: 'all_applications', granted: true })]);
    expect((await get(crmApplicationPaths.one(theirs.id), ann.token)).status).toBe(200);
    await server.db.pool.query('UPDATE users SET all_applications = false WHERE id = $1', [ann.id]);
    expect((await get(crmApplicationPaths.one(theirs.id), ann.token)).status).toBe(404);
  });

  test('the list filters by shown status, program, intake and owner, sorts, and counts per status', async () => {
    const owner = await addStaff(server, 'Cara Lister');
    const intake = await insertIntake(server, courses.partTime.id, '2031-01-12');
    const base = { courseId: courses.partTime.id, ownerId: owner.id };
    const a = await insertApplication(server, { ...base, status: 'submitted', lastName: 'Zed', intakeId: intake });
    const b = await insertApplication(server, {
      ...base,
      status: 'under_review',
      lastName: 'Adams',
      answers: { first_name: 'Typed', last_name: 'Name' },
    });
    const c = await insertApplication(server, { ...base, status: 'decision_released', lastName: 'Moss' });
    await server.db.pool.query(
      `UPDATE applications SET decision = 'admitted', decided_at = now(), answer = 'accepted', letter = 'Hi' WHERE id = $1`,
      [c.id],
    );
    const list = (query: string) => get<ApplicationListPage>(`${crmApplicationPaths.list}?${query}`, owner.token);

    const all = await list('owner=me');
    expect(all.body.total).toBe(3);
    expect(all.body.counts).toMatchObject({ submitted: 1, under_review: 1, accepted: 1, decision_released: 0, started: 0 });
    const byName = await list('owner=me&sort=name&dir=asc');
    expect(byName.body.applications.map((r) => r.name)).toEqual(['Grace Moss', 'Typed Name', 'Grace Zed']);
    expect((await list('owner=me&status=accepted')).body.applications.map((r) => r._id)).toEqual([c.id]);
    expect((await list('owner=me&status=decision_released')).body.applications).toEqual([]);
    const byIntake = await list(`intake=${intake}`);
    expect(byIntake.body.applications).toEqual([
      expect.objectContaining({
        _id: a.id,
        intake: 'January 12, 2031',
        program: courses.partTime.name,
        owner: { _id: owner.id, name: 'Cara Lister' },
      }),
    ]);
    expect(byIntake.body.counts.under_review).toBe(0);
    expect((await list(`program=${courses.partTime.id}&sort=status&dir=asc`)).body.applications.map((r) => r._id)).toEqual([
      a.id,
      b.id,
      c.id,
    ]);
    expect((await get<ApplicationListPage>(`${crmApplicationPaths.list}?owner=${owner.id}`)).body.total).toBe(3);
    const bad = await list('status=lost&sort=age');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ message: 'Please choose a status from the list.' });
  });

  test('returning a document needs a reason, moves the application to Missing items and e-mails the applicant; accepting moves it on', async () => {
    const app = await insertApplication(server, {
      courseId: courses.fullTime.id,
      ownerId: ann.id,
      documents: ['Transcript', 'Government photo ID'],
    });
    const [transcript, photoId] = app.documents as [string, string];
    const noReason = await post<{ message: string; errors: Record<string, string> }>(
      crmApplicationPaths.review(app.id, transcript),
      { outcome: 'return', reason: ' x ' },
      ann.token,
    );
    expect(noReason.status).toBe(400);
    expect(noReason.body).toMatchObject({ message: REASON_MESSAGE, errors: { reason: REASON_MESSAGE } });

    const accepted = await post<StaffApplication>(crmApplicationPaths.review(app.id, photoId), { outcome: 'accept' }, ann.token);
    expect(accepted.status).toBe(200);
    expect(accepted.body.status).toBe('under_review');
    expect(accepted.body.documents.find((d) => d._id === photoId)?.status).toBe('accepted');

    const returned = await post<StaffApplication>(
      crmApplicationPaths.review(app.id, transcript),
      { outcome: 'return', reason: 'The scan is cut off at the bottom.' },
      ann.token,
    );
    expect(returned.body.status).toBe('missing_items');
    expect(returned.body.documents.find((d) => d._id === transcript)).toMatchObject({
      status: 'returned',
      return_reason: 'The scan is cut off at the bottom.',
    });
    const mails = await mailsTo(app.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text_body).toContain('Transcript');
    expect(mails[0]!.text_body).toContain('The scan is cut off at the bottom.');
    expect(mails[0]!.text_body).toContain(`${server.config.siteUrl}/apply`);
    const timeline = await server.db.pool.query<{ detail: { action: string; text: string } }>(
      `SELECT detail FROM lead_events WHERE lead_id = $1 AND kind = 'application' ORDER BY id`,
      [app.leadId],
    );
    expect(timeline.rows.map((r) => r.detail.text)).toEqual([
      'Accepted Government photo ID',
      'Returned Transcript: The scan is cut off at the bottom.',
    ]);
    expect(await auditOf(app.id)).toEqual(['application.document_reviewed', 'application.document_reviewed']);

    const started = await insertApplication(server, { courseId: courses.fullTime.id, status: 'started', documents: ['Résumé'] });
    const early = await post(crmApplicationPaths.review(started.id, started.documents[0]!), { outcome: 'accept' });
    expect(early).toEqual({ status: 409, body: { message: REVIEW_STATUS_MESSAGE } });
  });

  test('notes are added and listed, audited without their words', async () => {
    const app = await insertApplication(server, { courseId: courses.fullTime.id, ownerId: ann.id });
    const empty = await post(crmApplicationPaths.notes(app.id), { text: '   ' }, ann.token);
    expect(empty.status).toBe(400);
    const noted = await post<StaffApplication>(crmApplicationPaths.notes(app.id), { text: 'Called about the transcript.' }, ann.token);
    expect(noted.body.notes).toEqual([
      expect.objectContaining({ text: 'Called about the transcript.', by: { _id: ann.id, name: ann.name } }),
    ]);
    expect(await auditOf(app.id)).toEqual(['application.note_added']);
  });

  test('a decision is released once: two at once send one e-mail; the letter fills its placeholders', async () => {
    const intake = await insertIntake(server, courses.fullTime.id, '2031-09-08');
    const app = await insertApplication(server, {
      courseId: courses.fullTime.id,
      intakeId: intake,
      answers: { first_name: 'Ada', last_name: 'Byron' },
    });
    const missing = await post<{ errors: Record<string, string> }>(crmApplicationPaths.decision(app.id), {
      decision: 'conditionally_admitted',
    });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({ conditions: CONDITIONS_MESSAGE });

    const body = { decision: 'conditionally_admitted', conditions: 'Send your final transcript by August 1.' };
    const [one, two] = await Promise.all([
      post<StaffApplication>(crmApplicationPaths.decision(app.id), body),
      post<StaffApplication>(crmApplicationPaths.decision(app.id), body),
    ]);
    expect([one.status, two.status].sort()).toEqual([200, 409]);
    const loser = one.status === 409 ? one : two;
    expect(loser.body).toEqual({ message: ALREADY_DECIDED_MESSAGE });
    const winner = one.status === 200 ? one.body : two.body;
    expect(winner.status).toBe('decision_released');
    expect(winner.decision).toMatchObject({ decision: 'conditionally_admitted', conditions: body.conditions });
    const letter = winner.decision?.letter ?? '';
    expect(letter).toContain('Dear Ada Byron');
    expect(letter).toContain(courses.fullTime.name);
    expect(letter).toContain('September 8, 2031');
    expect(letter).toContain(body.conditions);
    expect(letter).not.toContain('{{');
    const mails = await mailsTo(app.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Your conditional admission to Northbridge College of Technology');
    expect(mails[0]!.text_body).toContain(`${server.config.siteUrl}/apply`);
    expect(await auditOf(app.id)).toEqual(['application.decision_released']);
    const again = await post(crmApplicationPaths.decision(app.id), { decision: 'declined' });
    expect(again).toEqual({ status: 409, body: { message: ALREADY_DECIDED_MESSAGE } });

    const started = await insertApplication(server, { courseId: courses.fullTime.id, status: 'started' });
    expect((await post(crmApplicationPaths.decision(started.id), { decision: 'admitted' })).body).toEqual({
      message: NOT_SUBMITTED_MESSAGE,
    });
    const missingItems = await insertApplication(server, { courseId: courses.fullTime.id, status: 'missing_items' });
    expect((await post(crmApplicationPaths.decision(missingItems.id), { decision: 'admitted' })).body).toEqual({
      message: MISSING_ITEMS_MESSAGE,
    });
  });

  test('decision letters: every staff member reads them, admins save them (escaped in the mail), audited', async () => {
    const read = await get<{ letters: DecisionLetter[] }>(crmApplicationPaths.letters, ann.token);
    expect(read.body.letters.map((l) => l.decision)).toEqual(['admitted', 'conditionally_admitted', 'waitlisted', 'declined']);
    const letter = {
      decision: 'waitlisted',
      subject: 'Waitlist: {{program}}',
      body: 'Dear {{first_name}} <b>,\n\nYou are on the waitlist of {{program}}. {{unknown}}',
    };
    const refused = await server.app.inject({ method: 'PUT', url: crmApplicationPaths.letters, headers: auth(ann.token), payload: letter });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: ADMIN_ONLY_MESSAGE });
    const saved = await server.app.inject({ method: 'PUT', url: crmApplicationPaths.letters, headers: auth(admin), payload: letter });
    expect(saved.json<{ letters: DecisionLetter[] }>().letters.find((l) => l.decision === 'waitlisted')).toEqual(letter);
    const audit = await server.db.pool.query(`SELECT 1 FROM audit_log WHERE action = 'application.letter_changed'`);
    expect(audit.rows).toHaveLength(1);

    const app = await insertApplication(server, { courseId: courses.fullTime.id, firstName: 'Lin' });
    const released = await post<StaffApplication>(crmApplicationPaths.decision(app.id), { decision: 'waitlisted' });
    expect(released.body.decision?.letter).toBe(`Dear Lin <b>,\n\nYou are on the waitlist of ${courses.fullTime.name}. {{unknown}}`);
    const [mail] = await mailsTo(app.email);
    expect(mail?.html_body).toContain('Dear Lin &lt;b&gt;,');
    expect(mail?.subject).toBe(`Waitlist: ${courses.fullTime.name}`);
  });

  test('staff e-mail a lead the application link, audited; an unknown lead is a 404', async () => {
    const app = await insertApplication(server, { courseId: courses.fullTime.id, ownerId: ann.id });
    const sent = await post<{ message: string }>(crmApplicationPaths.invite(app.leadId), {}, ann.token);
    expect(sent).toEqual({ status: 200, body: { message: 'The application link was e-mailed to the lead.' } });
    expect((await mailsTo(app.email)).length).toBe(1);
    const audit = await server.db.pool.query(
      `SELECT 1 FROM audit_log WHERE action = 'application.link_sent' AND details->>'lead_id' = $1`,
      [app.leadId],
    );
    expect(audit.rows).toHaveLength(1);
    expect((await post(crmApplicationPaths.invite('f'.repeat(24)), {})).status).toBe(404);
  });
});
