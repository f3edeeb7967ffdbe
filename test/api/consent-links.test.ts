/**
 * Issue 35, "consent nobody can forge, links nobody keeps", on both databases:
 * - a registration's `"consent": true` records nothing; its mail carries the person's own consent
 *   link, and only completing that link records express consent, with the form's version;
 * - links have a purpose and expire: an unsubscribe link cannot opt in, an expired consent link
 *   answers 410, a version 1 link (mails sent before) still unsubscribes and can no longer opt in;
 * - an opt-in posted from another site (Fetch Metadata or Origin) records nothing;
 * - every mail holding a link rests sealed, its List-Unsubscribe header too; once delivered, no
 *   body, header or sent-mail record holds a token; the privacy export says a link was sent.
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

const START_TIMEOUT_MS = 120_000;
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const TOKEN = /token=([A-Za-z0-9_-]{40,})/;

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

describe.each(bothDatabaseKinds())('consent links (%s)', (kind) => {
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
    await server.ctx.mailer.flush();
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
});
