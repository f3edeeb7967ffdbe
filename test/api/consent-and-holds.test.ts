/**
 * Issue 35, "consent nobody can forge, links nobody keeps", on both databases:
 * - a registration's `"consent": true` records nothing; its mail carries the person's own consent
 *   link, and only completing that link records express consent, with the form's version;
 * - links have a purpose and expire: an unsubscribe link cannot opt in, an expired consent link
 *   answers 410, a version 1 link (mails sent before) still unsubscribes and can no longer opt in;
 * - an opt-in posted from another site (Fetch Metadata or Origin) records nothing;
 * - every mail holding a link rests sealed, its List-Unsubscribe header too; once delivered, no
 *   body, header or sent-mail record holds a token; the privacy export says a link was sent;
 * - registrations that cannot be aimed: a flood in one mailbox's name (`victim+0@` … `+9@`, across
 *   events) yields one place per event and one mail; a place from an address that never confirmed
 *   is held 24 hours, then released to the waitlist by the events pass (clock given), unless the
 *   mail's link confirms it, which confirms every place the mailbox holds; never from another site.
 * One server per database for all of it (the suite's time budget).
 */
import crypto from 'node:crypto';
import { startTestServer, type TestServer } from '../support/server';
import { bothDatabaseKinds } from '../support/database';
import { staffToken, validLead } from '../support/lead-fixtures';
import { createEvent, person, register } from '../support/events';
import { openedBodies } from '../support/secrets-scan';
import { linkTokens } from '../../server/consent/consent-token';
import { loadLinkKey } from '../../server/consent/link-key';
import { CONSENT_FORM } from '../../server/consent/consent-wording';
import { commercialMail } from '../../server/consent/commercial-mail';
import { LINK_MAIL_IN_EXPORT } from '../../server/privacy/export';
import type { PrivacyExport } from '../../src/privacy-contract';
import { confirmAddress } from '../../server/consent/confirmed-addresses';
import { releaseExpiredHolds } from '../../server/events/seat-holds';
import { registerForEvent } from '../../server/events/register';
import type { RegistrationAnswer } from '../../src/events-contract';
import type { TimelineAnswer } from '../../src/crm-contract';

const START_TIMEOUT_MS = 120_000;
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const TOKEN = /token=([A-Za-z0-9_-]{40,})/;
const HOUR = 3_600_000;

/** A version 1 token, as versions before issue 35 made them (one per address, no expiry). */
function versionOneToken(linkKey: Buffer, email: string): string {
  const derive = (label: string) => crypto.createHmac('sha256', linkKey).update(`consent-link:${label}`).digest();
  const plain = Buffer.from(email, 'utf8');
  const iv = crypto.createHmac('sha256', derive('iv')).update(plain).digest().subarray(0, 12);
  const cipher = crypto.createCipheriv('aes-256-gcm', derive('cipher'), iv);
  cipher.setAAD(Buffer.from('college-consent-link:v1'));
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

describe.each(bothDatabaseKinds())('consent links and held registrations (%s)', (kind) => {
  let server: TestServer;
  let adminToken: string;

  const records = async (email: string) =>
    (
      await server.db.pool.query<{ kind: string; method: string; source: string; form_version: string }>(
        'SELECT kind, method, source, form_version FROM consent_records WHERE email = $1 ORDER BY id',
        [email],
      )
    ).rows;
  const queued = async (email: string) =>
    (
      await server.db.pool.query<{ subject: string; text_body: string; html_body: string; envelope: Record<string, unknown> | null }>(
        'SELECT subject, text_body, html_body, envelope FROM mail_queue WHERE to_address = $1 ORDER BY id',
        [email],
      )
    ).rows;
  const post = (path: string, body: string, headers: Record<string, string> = {}) =>
    server.app.inject({ method: 'POST', url: path, headers: { ...FORM, ...headers }, payload: body });
  const tokens = () => linkTokens(server.db.pool, server.config);

  beforeAll(async () => {
    server = await startTestServer({ kind, listen: false, env: { LEADS_RATE_LIMIT: '10000' } });
    adminToken = await staffToken(server);
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await server.close();
  });

  test('a registration with "consent": true records nothing; its mail links to the opt-in, which records it with the form version', async () => {
    const event = await createEvent(server, adminToken, { title: 'Consent by the link' });
    const who = person({ consent: true });
    expect((await register(server, event.id, who)).statusCode).toBe(201);
    expect(await records(who.email)).toEqual([]);

    const [mail] = await queued(who.email);
    expect(server.ctx.secrets.isSealed(mail!.text_body)).toBe(true);
    const { text_body: text } = openedBodies(server.ctx.secrets, mail!);
    const link = /https?:\/\/\S+(\/email-preferences\?token=[\w-]+&via=event-registration)/.exec(text)?.[1];
    expect(link).toBeDefined();
    expect((await post(link!, 'action=opt-in&agree=yes', { 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
    expect(await records(who.email)).toEqual([
      {
        kind: 'express',
        method: 'consent page',
        source: '/email-preferences, link in an event registration e-mail',
        form_version: CONSENT_FORM,
      },
    ]);
    // A person who did not tick the box gets no consent link at all.
    const other = person();
    expect((await register(server, event.id, other)).statusCode).toBe(201);
    expect(openedBodies(server.ctx.secrets, (await queued(other.email))[0]!).text_body).not.toContain('/email-preferences');
  });

  test('an unsubscribe link cannot opt in; an expired consent link answers 410; a version 1 link still unsubscribes', async () => {
    const email = 'purposes@example.com';
    const unsubscribeOnly = (await tokens()).tokenFor(email, 'unsubscribe').token;
    const page = await server.app.inject({ method: 'GET', url: `/email-preferences?token=${unsubscribeOnly}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('Keep me informed');
    const refused = await post(`/email-preferences?token=${unsubscribeOnly}`, 'action=opt-in&agree=yes');
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toContain('This link can only unsubscribe');
    expect(await records(email)).toEqual([]);

    const old = (await tokens()).tokenFor(email, 'consent', new Date(Date.now() - 31 * 86_400_000)).token;
    const expired = await server.app.inject({ method: 'GET', url: `/email-preferences?token=${old}` });
    expect(expired.statusCode).toBe(410);
    expect(expired.body).toContain('This link has expired');
    expect((await post(`/unsubscribe?token=${old}`, 'action=unsubscribe')).statusCode).toBe(410);
    // An unsubscribe link works for 90 days (CASL: at least 60).
    const sixtyOneDaysAgo = (await tokens()).tokenFor(email, 'unsubscribe', new Date(Date.now() - 61 * 86_400_000)).token;
    expect((await server.app.inject({ method: 'GET', url: `/unsubscribe?token=${sixtyOneDaysAgo}` })).statusCode).toBe(200);

    const linkKey = await loadLinkKey(server.db.pool, server.ctx.secrets);
    const legacy = versionOneToken(linkKey, email);
    expect((await post(`/email-preferences?token=${legacy}`, 'action=opt-in&agree=yes')).statusCode).toBe(403);
    expect((await post(`/unsubscribe?token=${legacy}`, 'action=unsubscribe')).statusCode).toBe(200);
    expect((await records(email)).map((r) => `${r.kind}/${r.method}`)).toEqual(['withdrawn/unsubscribe page']);
  });

  test('an opt-in posted from another site records nothing; from the page itself it does', async () => {
    const email = 'cross.site@example.com';
    const path = `/email-preferences?token=${(await tokens()).tokenFor(email, 'consent').token}`;
    const forged: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'https://evil.example' },
      { origin: 'null' },
    ];
    for (const headers of forged) {
      const answer = await post(path, 'action=opt-in&agree=yes', headers);
      expect(answer.statusCode).toBe(403);
      expect(answer.body).toContain('This choice can only be made on this page');
    }
    expect(await records(email)).toEqual([]);
    expect((await post(path, 'action=opt-in&agree=yes', { origin: 'http://localhost:80', host: 'localhost:80' })).statusCode).toBe(200);
    expect((await records(email)).map((r) => r.kind)).toEqual(['express']);
  });

  test('link mails rest sealed, headers too; once delivered no token is left; the export says a link was sent', async () => {
    const email = 'sealed.links@example.com';
    expect((await server.app.inject({ method: 'POST', url: '/api/leads', payload: validLead({ email }) })).statusCode).toBe(201);
    const event = await createEvent(server, adminToken, { title: 'Sealed links session' });
    expect((await register(server, event.id, { ...person({ consent: true }), email })).statusCode).toBe(201);
    const checked = await commercialMail(server.db.pool, server.config, { to: email, subject: 'News', text: 'News', html: '<p>News</p>' });
    if (!checked.ok) throw new Error(checked.reason);
    expect(checked.keptText).toContain('[personal unsubscribe link]');
    expect(checked.keptText).not.toMatch(TOKEN);
    await server.ctx.mailer.enqueue(server.db.pool, checked.message);
    // The inquiry's confirmation is queued by the notifier, with the next mail batch.
    await server.ctx.leadLife.settle();
    await server.ctx.mailer.flush();
    await server.ctx.leadLife.settle();
    await server.ctx.mailer.flush();

    const before = await server.db.pool.query<{ row: string }>(`SELECT q::text AS row FROM mail_queue q WHERE to_address = $1`, [email]);
    expect(before.rows.length).toBeGreaterThanOrEqual(3);
    for (const { row } of before.rows) expect(row).not.toMatch(TOKEN);
    const { rows: leads } = await server.db.pool.query<{ id: string }>('SELECT trim(id) AS id FROM leads WHERE email = $1', [email]);
    const exported = await server.app.inject({
      method: 'GET',
      url: `/api/crm/leads/${leads[0]!.id}/privacy-export`,
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(exported.statusCode).toBe(200);
    const mails = exported.json<PrivacyExport>().sections.find((section) => section.table === 'mail_queue')!.rows;
    expect(mails.length).toBeGreaterThanOrEqual(3);
    for (const row of mails) expect(row.text_body).toBe(LINK_MAIL_IN_EXPORT);
    expect(JSON.stringify(exported.json())).not.toMatch(TOKEN);
  });

  // Issue 35 point 3: registrations that cannot be aimed.
  const mailsTo = async (pattern: string) =>
    (
      await server.db.pool.query<{ to_address: string; text_body: string; html_body: string }>(
        'SELECT to_address, text_body, html_body FROM mail_queue WHERE lower(to_address) LIKE $1 ORDER BY id',
        [pattern],
      )
    ).rows.map((row) => openedBodies(server.ctx.secrets, row));
  const registrations = async (pattern: string) =>
    (
      await server.db.pool.query<{ email: string; status: string; confirm_by: Date | null; event_id: string }>(
        `SELECT email, status, confirm_by, event_id::text AS event_id FROM event_registrations WHERE lower(email) LIKE $1 ORDER BY id`,
        [pattern],
      )
    ).rows;

  test('ten registrations to one mailbox across three events: one place per event, one mail', async () => {
    const events = [
      await createEvent(server, adminToken, { title: 'Flood A' }),
      await createEvent(server, adminToken, { title: 'Flood B' }),
      await createEvent(server, adminToken, { title: 'Flood C' }),
    ];
    const codes: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      const answer = await register(server, events[i % 3]!.id, person({ email: `Victim+${i}@Example.com` }));
      codes.push(answer.statusCode);
    }
    // The first of each event takes a place; the rest answer that place ("already registered").
    expect(codes).toEqual([201, 201, 201, 200, 200, 200, 200, 200, 200, 200]);
    const live = (await registrations('victim%')).filter((r) => r.status !== 'cancelled');
    expect(live).toHaveLength(3);
    expect(live.every((r) => r.confirm_by !== null)).toBe(true);
    // The lead the registration made is not an inquiry (issue 31): no inquiry confirmation goes to
    // the mailbox, admissions hears of a registration, and the timeline says how the lead came.
    await server.ctx.leadLife.settle();
    await server.ctx.mailer.flush();
    expect(await mailsTo('victim%')).toHaveLength(1);
    const { rows } = await server.db.pool.query<{ subject: string }>(
      "SELECT subject FROM mail_queue WHERE to_address = $1 AND text_body ILIKE '%victim+%'",
      [server.config.admissionsEmail],
    );
    // One notice per new lead (the three places), each a registration's.
    expect(rows.map((r) => r.subject)).toEqual(Array(3).fill('New event registration: no course chosen'));
    const { rows: leads } = await server.db.pool.query<{ id: string }>(
      "SELECT trim(id) AS id FROM leads WHERE lower(email) LIKE 'victim%'",
    );
    const timeline = await server.app.inject({
      url: `/api/crm/leads/${leads[0]!.id}/timeline`,
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(timeline.json<TimelineAnswer>().entries[0]).toMatchObject({ kind: 'inquiry', via: 'event_registration' });
  });

  test('a held place is released after 24 hours to the first on the waitlist; a confirmed one stays', async () => {
    const event = await createEvent(server, adminToken, { title: 'One seat', capacity: 1 });
    const stranger = person();
    const waiting = person();
    await confirmAddress(server.db.pool, waiting.email);
    const held = (await register(server, event.id, stranger)).json<RegistrationAnswer>();
    expect(held.status).toBe('registered');
    expect(held.message).toContain('Please confirm it with the link in that e-mail within 24 hours.');
    const holdEnds = new Date(held.confirm_by!).getTime();
    expect(Math.abs(holdEnds - (Date.now() + 24 * HOUR))).toBeLessThan(60_000);
    const queued = (await register(server, event.id, waiting)).json<RegistrationAnswer>();
    expect(queued).toMatchObject({ status: 'waitlisted', confirm_by: null });

    expect(await releaseExpiredHolds(server.db, server.ctx, new Date(holdEnds - HOUR))).toBe(0);
    expect(await releaseExpiredHolds(server.db, server.ctx, new Date(holdEnds + 60_000))).toBeGreaterThanOrEqual(1);
    expect((await registrations(stranger.email.toLowerCase()))[0]!.status).toBe('cancelled');
    expect((await registrations(waiting.email.toLowerCase()))[0]!.status).toBe('registered');
    expect(await releaseExpiredHolds(server.db, server.ctx, new Date(holdEnds + 120_000))).toBe(0);
    const { rows } = await server.db.pool.query<{ action: string }>(
      `SELECT e.detail->>'action' AS action FROM lead_events e JOIN leads l ON l.id = e.lead_id
        WHERE lower(l.email) = lower($1) AND e.kind = 'event' ORDER BY e.id`,
      [stranger.email],
    );
    expect(rows.map((r) => r.action)).toEqual(['registered', 'released']);
  });

  test("the mail's link confirms every place the mailbox holds, never from another site; then mail flows", async () => {
    const [first, second, third] = [
      await createEvent(server, adminToken, { title: 'Held one' }),
      await createEvent(server, adminToken, { title: 'Held two' }),
      await createEvent(server, adminToken, { title: 'Later one' }),
    ];
    const name = `dana.${Date.now()}`;
    // Read from the queue before delivery blanks the link: the server's mailer waits meanwhile.
    await server.ctx.mailer.stop();
    expect((await register(server, first!.id, person({ email: `${name}@example.com` }))).statusCode).toBe(201);
    const again = (await register(server, second!.id, person({ email: `${name}+events@example.com` }))).json<RegistrationAnswer>();
    // No second mail within the day: the answer says the first one's link confirms this place too.
    expect(again.message).toContain('a link within the last day: please confirm with it within 24 hours');
    const mails = await mailsTo(`${name}%`);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.html_body).toContain('>Confirm my place</a>');
    const token = /\/events\/registration\?token=([A-Za-z0-9_-]{43})/.exec(mails[0]!.text_body)![1]!;

    const confirm = (headers: Record<string, string>) =>
      server.app.inject({ method: 'POST', url: `/api/events/registrations/${token}/confirm`, headers, payload: {} });
    const forged = await confirm({ 'sec-fetch-site': 'cross-site' });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().message).toBe('Please confirm your place on the page your e-mail links to.');
    expect((await registrations(`${name}%`)).every((r) => r.confirm_by !== null)).toBe(true);
    const done = await confirm({ 'sec-fetch-site': 'same-origin' });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ status: 'registered', confirm_by: null });
    expect((await registrations(`${name}%`)).map((r) => r.confirm_by)).toEqual([null, null]);

    // Confirmed: the next registration holds nothing and is mailed at once.
    const later = (await register(server, third!.id, person({ email: `${name}@example.com` }))).json<RegistrationAnswer>();
    expect(later.confirm_by).toBeNull();
    expect(await mailsTo(`${name}%`)).toHaveLength(2);
    server.ctx.mailer.start();
  });

  test('a walk-in registered by staff holds nothing', async () => {
    const event = await createEvent(server, adminToken, { title: 'At the door' });
    const walkIn = person();
    const result = await registerForEvent(server.ctx, event.id, { ...walkIn, course_id: null, consent: false }, { walkIn: true });
    expect(result.answer.confirm_by).toBeNull();
    expect((await registrations(walkIn.email.toLowerCase()))[0]!.confirm_by).toBeNull();
  });
});
