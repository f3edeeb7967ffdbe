/**
 * Issue 33, privacy of applications on both databases: the person's export holds their
 * application and each document with its file (the sealed data key never), and anonymisation
 * deletes the documents and their encrypted bytes, overwrites the answers and ends the portal's
 * sessions; the application's program, status and dates stay for reporting.
 */
import { PDFDocument } from 'pdf-lib';
import { startTestServer, type TestServer } from '../support/server';
import { bothDatabaseKinds } from '../support/database';
import { staffToken, testCourses, validLead, type TestCourses } from '../support/lead-fixtures';
import { bearer, signInApplicant } from '../support/applicants';
import { applicantPaths, type ApplicantApplication } from '../../src/application-contract';
import type { PrivacyExport } from '../../src/privacy-contract';

const START_TIMEOUT_MS = 120_000;

describe.each(bothDatabaseKinds())('applications in the privacy export and anonymisation (%s)', (kind) => {
  let server: TestServer;
  let admin: string;
  let courses: TestCourses;

  beforeAll(async () => {
    server = await startTestServer({ kind });
    admin = await staffToken(server);
    courses = await testCourses(server);
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await server?.close();
  });

  test('the export carries the application and its file; anonymising deletes the documents and ends the sessions', async () => {
    const email = `private.${Date.now()}@example.com`;
    const lead = await server.app.inject({
      method: 'POST',
      url: '/api/leads',
      payload: validLead({ email, course_id: courses.fullTime.id }),
    });
    const leadId = lead.json<{ id?: string; _id?: string }>();
    const token = await signInApplicant(server, email);
    await server.app.inject({ method: 'PATCH', url: applicantPaths.application, headers: bearer(token), payload: { city: 'Mississauga' } });
    const application = (await server.app.inject({ url: applicantPaths.application, headers: bearer(token) })).json<ApplicantApplication>();
    const item = application.checklist[0];
    if (!item) throw new Error('the program has no checklist');
    const pdf = await PDFDocument.create();
    pdf.addPage([100, 100]);
    const bytes = Buffer.from(await pdf.save());
    const uploaded = await fetch(`${server.url}${applicantPaths.document(item._id)}`, {
      method: 'PUT',
      body: new Uint8Array(bytes),
      headers: { ...{ Authorization: `Bearer ${token}` }, 'Content-Type': 'application/pdf', 'X-File-Name': 'transcript.pdf' },
    });
    expect(uploaded.status).toBe(201);

    const { rows } = await server.db.pool.query<{ id: string }>('SELECT lead_id AS id FROM applications WHERE id = $1', [application._id]);
    const lead_id = rows[0]?.id.trim() ?? String(leadId);
    const exported = await server.app.inject({ url: `/api/crm/leads/${lead_id}/privacy-export`, headers: bearer(admin) });
    expect(exported.statusCode).toBe(200);
    const sections = exported.json<PrivacyExport>().sections;
    const apps = sections.find((s) => s.table === 'applications')?.rows ?? [];
    expect(apps).toHaveLength(1);
    expect(apps[0]).toMatchObject({ email, answers: expect.objectContaining({ city: 'Mississauga' }) });
    const docs = sections.find((s) => s.table === 'application_documents')?.rows ?? [];
    expect(docs).toHaveLength(1);
    expect(docs[0]).toMatchObject({ file_name: 'transcript.pdf', content_base64: bytes.toString('base64') });
    expect(docs[0]).not.toHaveProperty('sealed_key');

    const chunks = async () =>
      (await server.db.pool.query('SELECT 1 FROM application_document_chunks WHERE document_id = $1', [docs[0]?.id])).rowCount;
    expect(await chunks()).toBe(1);
    const anonymised = await server.app.inject({
      method: 'POST',
      url: `/api/crm/leads/${lead_id}/anonymise`,
      headers: bearer(admin),
      payload: {},
    });
    expect(anonymised.statusCode).toBe(200);
    expect(await chunks()).toBe(0);
    const after = await server.db.pool.query<{ email: string; city: string; status: string; course_id: string }>(
      `SELECT email, answers->>'city' AS city, status, course_id FROM applications WHERE id = $1`,
      [application._id],
    );
    expect(after.rows[0]).toMatchObject({ city: '[removed]', status: 'started', course_id: courses.fullTime.id });
    expect(after.rows[0]?.email).toMatch(/@anonymised\.invalid$/);
    expect((await server.db.pool.query('SELECT 1 FROM application_documents WHERE application_id = $1', [application._id])).rowCount).toBe(
      0,
    );
    expect((await server.app.inject({ url: applicantPaths.application, headers: bearer(token) })).statusCode).toBe(401);
  });
});
