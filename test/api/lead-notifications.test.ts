/**
 * New-lead notifications through the durable mail queue: the admissions inbox gets a summary with
 * a link to the lead, the student a confirmation; both reach a real SMTP server, survive an SMTP
 * outage, are queued with the lead in one statement (so a replayed spooled lead sends them too and
 * a duplicate sends nothing), and no address reaches the logs.
 */
import crypto from 'node:crypto';
import { startTestServer, type TestServer } from '../support/server';
import { testDatabaseKinds } from '../support/database';
import { startSmtpSink, type SmtpSink } from '../support/smtp';
import { testCourses, validLead, type TestCourses } from '../support/lead-fixtures';
import { loadConfig } from '../../server/config';
import { createMailer } from '../../server/mail/create-mailer';
import { replaySpool, spoolLead } from '../../server/leads/spool';
import { leadNotifier } from '../../server/leads/lead-notifier';
import { admissionsMail } from '../../server/leads/lead-mails';
import type { LeadRecord } from '../../server/leads/lead-record';
import { COLLEGE } from '../../src/college';

const START_TIMEOUT_MS = 120_000;
const ADMISSIONS = 'intake@test.example';

/** Quoted-printable soft line breaks and =3D make bodies hard to search: undo them. */
const decoded = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');

/** A lead as the database holds it, for the tests that write one without the API. */
const leadRecord = (fields: Pick<LeadRecord, 'first_name' | 'last_name' | 'email'> & Partial<LeadRecord>): LeadRecord => ({
  id: crypto.randomBytes(12).toString('hex'),
  idempotency_key: `spooled-${crypto.randomBytes(6).toString('hex')}`,
  phone: '+14165550123',
  lead_type: 1,
  address: '',
  source: 3,
  course_id: null,
  course_type: null,
  location: 1,
  financial_aid: true,
  utm_source: null,
  utm_medium: null,
  utm_campaign: null,
  utm_term: null,
  utm_content: null,
  landing_page: null,
  referrer: null,
  created_at: new Date().toISOString(),
  ...fields,
});

describe.each(testDatabaseKinds())('new-lead notification e-mails (%s)', (kind) => {
  let server: TestServer;
  let sink: SmtpSink;
  let courses: TestCourses;

  const post = (payload: object, key?: string) =>
    server.app.inject({
      method: 'POST',
      url: '/api/leads',
      headers: { 'content-type': 'application/json', ...(key ? { 'idempotency-key': key } : {}) },
      payload,
    });
  const queued = async (to: string) =>
    (
      await server.db.pool.query<{ sent_at: Date | null; attempts: number }>(
        'SELECT sent_at, attempts FROM mail_queue WHERE to_address = $1',
        [to],
      )
    ).rows;

  beforeAll(async () => {
    sink = await startSmtpSink();
    server = await startTestServer({
      kind,
      listen: false,
      env: { SMTP_URL: sink.url, ADMISSIONS_EMAIL: ADMISSIONS, LEADS_RATE_LIMIT: '10000' },
    });
    courses = await testCourses(server);
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await server.close();
    await sink.close();
  });

  test('the admissions inbox gets a summary with a link to the lead; the student a confirmation', async () => {
    const res = await post(
      validLead({
        email: 'nora.student@example.com',
        first_name: 'Nora',
        last_name: 'Bakker',
        course_id: courses.fullTime.id,
        course_type: 1,
        location: 2,
      }),
    );
    expect(res.statusCode).toBe(201);
    const { rows } = await server.db.pool.query<{ id: string }>("SELECT id FROM leads WHERE email = 'nora.student@example.com'");
    const leadId = rows[0]?.id.trim();
    await server.ctx.leadLife.settle();
    await server.ctx.mailer.flush();

    const inbox = await sink.waitForMail(ADMISSIONS);
    expect(inbox.subject).toBe(`New inquiry: ${courses.fullTime.name}`);
    const summary = decoded(inbox.raw);
    for (const text of [
      'Nora Bakker',
      'nora.student@example.com',
      'Phone: 416-555-0123',
      'International Student',
      'Website',
      `${server.config.siteUrl}/crm/leads/${leadId}`,
    ]) {
      expect(summary).toContain(text);
    }
    // Financial aid is asked only of local students.
    expect(summary).not.toContain('Financial aid');
    expect(summary).not.toContain('+14165550123');

    const confirmation = await sink.waitForMail('nora.student@example.com');
    expect(confirmation.subject).toBe(`We received your inquiry - ${COLLEGE.shortName}`);
    const body = decoded(confirmation.raw);
    for (const text of ['Hello Nora', courses.fullTime.name, 'What happens next', COLLEGE.phone, ADMISSIONS]) expect(body).toContain(text);
    // Issue 33: beside what the confirmation says, the way to the applicant portal for that program.
    expect(body).toContain(`Ready to apply? Start your application: ${server.config.siteUrl}/apply?course=${courses.fullTime.id}`);
  });

  test('the summary, of an inquiry or of an event registration, shows the phone as people write it', () => {
    const settings = { siteUrl: server.config.siteUrl, admissionsEmail: ADMISSIONS, catalogue: server.ctx.catalogue };
    const cases: [string, string, 'inquiry' | 'registration'][] = [
      ['+442079460958', 'Phone: +44 20 7946 0958', 'inquiry'],
      ['+16475551234', 'Phone: 647-555-1234', 'registration'],
      ['+919876543210', 'Phone: +91 98765 43210', 'registration'],
    ];
    for (const [phone, line, how] of cases) {
      const mail = admissionsMail(leadRecord({ first_name: 'Ines', last_name: 'Abroad', email: 'ines@example.com', phone }), settings, how);
      expect(mail.text.split('\n')).toContain(line);
      expect(mail.html).toContain(`<td>${line.slice('Phone: '.length)}</td>`);
      expect(`${mail.text}${mail.html}`).not.toContain(phone);
    }
  });

  test('accepting a lead writes no mail; the worker queues its two mails once, even when two instances look at once', async () => {
    const res = await post(validLead({ email: 'pending.student@example.com' }));
    expect(res.statusCode).toBe(201);
    const pending = async () =>
      (
        await server.db.pool.query<{ notify_pending: boolean }>(
          "SELECT notify_pending FROM leads WHERE email = 'pending.student@example.com'",
        )
      ).rows[0]?.notify_pending;
    // The started worker may already have taken it; if not, the row is marked and no mail exists yet.
    if (await pending()) expect(await queued('pending.student@example.com')).toHaveLength(0);
    const notifier = () => leadNotifier(server.db.pool, server.config, server.ctx.catalogue);
    const [a, b] = [notifier(), notifier()];
    await Promise.all([a(), b()]);
    expect(await pending()).toBe(false);
    expect(await queued('pending.student@example.com')).toHaveLength(1);
    expect(await a()).toBe(0);
    expect(await queued('pending.student@example.com')).toHaveLength(1);
  });

  test('a duplicate submission (same Idempotency-Key) sends nothing more', async () => {
    const key = `dup-${crypto.randomBytes(6).toString('hex')}`;
    const lead = validLead({ email: 'dup.student@example.com' });
    expect((await post(lead, key)).statusCode).toBe(201);
    expect((await post(lead, key)).statusCode).toBe(201);
    await server.ctx.leadLife.settle();
    await server.ctx.mailer.flush();
    expect(await queued('dup.student@example.com')).toHaveLength(1);
  });

  test('an SMTP outage delays the mails and loses none; logs name no address', async () => {
    // This test's mailer is the only sender meanwhile: the server's own, kicked by the lead, could
    // take the row first, and the attempt (and its log line) would not be this mailer's.
    await server.ctx.mailer.stop();
    sink.refuse = true;
    try {
      expect((await post(validLead({ email: 'outage.student@example.com' }))).statusCode).toBe(201);
      const lines: string[] = [];
      const log = { info: (line: string) => lines.push(line), warn: (line: string) => lines.push(line) };
      const notify = leadNotifier(server.db.pool, server.config, server.ctx.catalogue, server.ctx.secrets);
      // The server's secrets box: the confirmation carries a link, so it is queued sealed.
      const mailer = createMailer(loadConfig({ DATA_DIR: server.config.dataDir, SMTP_URL: sink.url }), server.db, log, {
        secrets: server.ctx.secrets,
      });
      await notify();
      await server.db.pool.query('UPDATE mail_queue SET next_attempt_at = now() WHERE sent_at IS NULL');
      await mailer.flush();
      const failed = await queued('outage.student@example.com');
      expect(failed).toEqual([expect.objectContaining({ sent_at: null, attempts: expect.any(Number) })]);
      expect(failed[0]?.attempts).toBeGreaterThanOrEqual(1);
      expect(lines.some((line) => line.includes('not sent'))).toBe(true);
      expect(lines.join('\n')).not.toMatch(/@/);

      sink.refuse = false;
      await server.db.pool.query('UPDATE mail_queue SET next_attempt_at = now() WHERE sent_at IS NULL');
      await mailer.flush();
      await mailer.stop();
      await sink.waitForMail('outage.student@example.com');
      expect((await queued('outage.student@example.com'))[0]?.sent_at).not.toBeNull();
      expect((await queued(ADMISSIONS)).every((row) => row.sent_at !== null)).toBe(true);
    } finally {
      sink.refuse = false;
      server.ctx.mailer.start();
    }
  });

  test('a lead spooled during a database outage sends both mails when it is replayed', async () => {
    const lead = leadRecord({ first_name: 'Sam', last_name: 'Spool', email: 'spooled.student@example.com' });
    await server.ctx.leadLife.settle(); // earlier tests' leads are queued before counting
    const before = (await queued(ADMISSIONS)).length;
    await spoolLead(server.config.dataDir, lead);
    await replaySpool(server.ctx, server.app.log);
    await server.ctx.leadLife.settle();
    await server.ctx.mailer.flush();
    expect(await queued('spooled.student@example.com')).toHaveLength(1);
    expect((await queued(ADMISSIONS)).length).toBe(before + 1);
    await sink.waitForMail('spooled.student@example.com');
    // The same flush sent the admissions summary (queued first).
    const summary = decoded(sink.messages.filter((m) => m.to.includes(ADMISSIONS)).at(-1)?.raw ?? '');
    expect(summary).toContain(`/crm/leads/${lead.id}`);
    expect(summary).toContain('Financial aid help: Yes');
    expect(summary).toContain('Search ad');
  });
});
