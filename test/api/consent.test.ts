/**
 * CASL consent (issue 22) on both databases: implied consent from an inquiry for 6 months (and an
 * enrolment for 2 years) with a controlled clock, express consent by double opt-in through the
 * link in the inquiry confirmation and the consent page's POST, withdrawal there and by the RFC
 * 8058 one-click POST, the CRM's line and history, and commercialMail refusing or adding the
 * sender identification, the unsubscribe link and the List-Unsubscribe headers.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import nodePath from 'node:path';
import { startTestServer, type TestServer } from '../support/server';
import { testDatabaseKinds } from '../support/database';
import { staffToken, validLead } from '../support/lead-fixtures';
import { allowsCommercial, consentFor } from '../../server/consent/consent-status';
import { consentForPerson } from '../../server/consent/consent-sentence';
import { addMonths } from '../../server/consent/consent-dates';
import { formatLongDay, torontoDate } from '../../src/college-time';
import { commercialMail } from '../../server/consent/commercial-mail';
import { CONSENT_WORDING } from '../../server/consent/consent-wording';
import { leadNotifier } from '../../server/leads/lead-notifier';
import { COLLEGE, formatAddress } from '../../src/college';
import type { ConsentAnswer } from '../../src/consent-contract';
import type { TimelineAnswer } from '../../src/crm-contract';
import { linkTokens } from '../../server/consent/consent-token';
import { MAIL_HTML_CONTEXT, MAIL_TEXT_CONTEXT } from '../../server/mail/mail-queue';
import { createSecretBox } from '../../server/secrets/secret-box';
import { parseKey } from '../../server/secrets/secret-key';
import { sealSecretsAtRest } from '../../server/secrets/seal-at-rest';
import crypto from 'node:crypto';

const START_TIMEOUT_MS = 120_000;
const hasJava = spawnSync('java', ['-version']).status === 0;
const TODAY = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Toronto' });
const LONG_TODAY = formatLongDay(TODAY);

describe.each(testDatabaseKinds())('CASL consent (%s)', (kind) => {
  let server: TestServer;
  let adminToken: string;

  /** Posts a lead and returns its id. */
  const newLead = async (email: string): Promise<string> => {
    const res = await server.app.inject({ method: 'POST', url: '/api/leads', payload: validLead({ email }) });
    expect(res.statusCode).toBe(201);
    const { rows } = await server.db.pool.query<{ id: string }>('SELECT id FROM leads WHERE email = $1 ORDER BY created_at DESC', [email]);
    return rows[0]!.id.trim();
  };
  /** The opt-in link of the confirmation mail the notifier queued for an address. */
  const optInLink = async (email: string): Promise<string> => {
    await leadNotifier(server.db.pool, server.config, server.ctx.catalogue)();
    const { rows } = await server.db.pool.query<{ text_body: string; html_body: string }>(
      'SELECT text_body, html_body FROM mail_queue WHERE to_address = $1',
      [email],
    );
    // The mail carries a live link, so it rests sealed (issue 35).
    const box = server.ctx.secrets;
    expect(box.isSealed(rows[0]!.text_body)).toBe(true);
    const mail = { text_body: box.open(rows[0]!.text_body, MAIL_TEXT_CONTEXT), html_body: box.open(rows[0]!.html_body, MAIL_HTML_CONTEXT) };
    expect(mail.text_body).toContain('Keep me informed about programs and intakes');
    expect(mail.html_body).toContain('>Keep me informed about programs and intakes</a>');
    const link = /(https?:\/\/\S+\/email-preferences\?token=[\w-]+&via=inquiry-confirmation)/.exec(mail.text_body)?.[1];
    expect(link).toBeDefined();
    return link!.slice(server.config.siteUrl.length);
  };
  const form = (url: string, body: string) =>
    server.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: body });
  const records = async (email: string) =>
    (
      await server.db.pool.query<{ kind: string; wording: string; method: string; source: string; ip: string | null }>(
        'SELECT kind, wording, method, source, ip FROM consent_records WHERE email = $1 ORDER BY id',
        [email],
      )
    ).rows;
  const crmConsent = async (leadId: string) => {
    const res = await server.app.inject({
      method: 'GET',
      url: `/api/crm/leads/${leadId}/consent`,
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(res.statusCode).toBe(200);
    return res.json<ConsentAnswer>();
  };

  beforeAll(async () => {
    server = await startTestServer({ kind, listen: false, env: { LEADS_RATE_LIMIT: '10000' } });
    adminToken = await staffToken(server);
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await server.close();
  });

  test('implied consent runs 6 months from the inquiry (2 years from an enrolment), then ends', async () => {
    const email = 'implied.person@example.com';
    const leadId = await newLead(email);
    await server.db.pool.query("UPDATE leads SET created_at = '2026-05-01T15:00:00Z' WHERE id = $1", [leadId]);
    const before = await consentFor(server.db.pool, 'Implied.Person@Example.com', new Date('2026-10-31T12:00:00Z'));
    expect(before).toEqual({
      kind: 'implied',
      line: 'Implied consent until 2026-11-01 — inquiry of 2026-05-01',
      since: '2026-05-01',
      until: '2026-11-01',
    });
    expect(allowsCommercial(before)).toBe(true);
    const after = await consentFor(server.db.pool, email, new Date('2026-11-01T12:00:00Z'));
    expect(after.line).toBe('No consent: implied consent from the inquiry of 2026-05-01 ended on 2026-11-01');
    expect(allowsCommercial(after)).toBe(false);
    expect((await consentFor(server.db.pool, 'nobody@example.com')).kind).toBe('none');

    // Stage 6 "Current Student" is the enrolment: 2 years from the stage change.
    await server.db.pool.query(
      `INSERT INTO lead_events (lead_id, kind, detail, created_at) VALUES ($1, 'stage', '{"from":1,"to":6}', '2026-06-10T15:00:00Z')`,
      [leadId],
    );
    const enrolled = await consentFor(server.db.pool, email, new Date('2027-01-01T12:00:00Z'));
    expect(enrolled.line).toBe('Implied consent until 2028-06-10 — enrolment of 2026-06-10');

    // commercialMail refuses once consent has ended, with the line as the reason.
    const message = { to: email, subject: 'Spring intake', text: 'Hello', html: '<html><body><p>Hello</p></body></html>' };
    expect(await commercialMail(server.db.pool, server.config, message, new Date('2028-07-01T12:00:00Z'))).toEqual({
      ok: false,
      reason: 'No consent: implied consent from the enrolment of 2026-06-10 ended on 2028-06-10',
    });
  });

  test('the preferences page says in plain words why and until when we may write, in Toronto days (issue 31)', async () => {
    const email = 'plain.words@example.com';
    const leadId = await newLead(email);
    // 02:30 UTC on November 28 is the evening of November 27 in Toronto.
    await server.db.pool.query("UPDATE leads SET created_at = '2026-11-28T02:30:00Z' WHERE id = $1", [leadId]);
    const sentenceAt = async (iso: string) => (await consentForPerson(server.db.pool, email, new Date(iso))).sentence;
    expect(await sentenceAt('2026-12-01T12:00:00Z')).toBe(
      'You asked about a program on November 27, 2026, so we may e-mail you about programs until May 27, 2027.',
    );
    expect(await sentenceAt('2027-05-28T12:00:00Z')).toBe(
      'You asked about a program on November 27, 2026, so we could e-mail you about programs until May 27, 2027. That time is over: we send you none.',
    );
    await server.db.pool.query("UPDATE leads SET idempotency_key = 'event-registration-plain-words' WHERE id = $1", [leadId]);
    expect(await sentenceAt('2026-12-01T12:00:00Z')).toBe(
      'You registered for one of our events on November 27, 2026, so we may e-mail you about programs until May 27, 2027.',
    );
    await server.db.pool.query(
      `INSERT INTO lead_events (lead_id, kind, detail, created_at) VALUES ($1, 'stage', '{"from":1,"to":6}', '2026-12-10T15:00:00Z')`,
      [leadId],
    );
    expect(await sentenceAt('2027-01-01T12:00:00Z')).toBe(
      'You enrolled with us on December 10, 2026, so we may e-mail you about programs until December 10, 2028.',
    );
    const record = (kind: string, at: string) =>
      server.db.pool.query(
        `INSERT INTO consent_records (email, kind, method, source, created_at) VALUES ($1, $2, 'consent page', 'test', $3)`,
        [email, kind, at],
      );
    await record('express', '2027-01-05T15:00:00Z');
    expect(await sentenceAt('2027-02-01T12:00:00Z')).toBe(
      'You agreed on January 5, 2027 that we may e-mail you about programs, so we may do so until you tell us to stop.',
    );
    await record('withdrawn', '2027-02-03T15:00:00Z');
    expect(await sentenceAt('2027-03-01T12:00:00Z')).toBe(
      'You asked us on February 3, 2027 to stop, so we send you no e-mails about programs, intakes or offers.',
    );
    expect((await consentForPerson(server.db.pool, 'nobody.here@example.com', new Date())).sentence).toBe(
      'We have nothing from you that lets us e-mail you about programs, so we send you none.',
    );

    // The page itself, for an inquiry sent today.
    const fresh = 'plain.words.today@example.com';
    await newLead(fresh);
    const token = (await linkTokens(server.db.pool, server.config)).tokenFor(fresh, 'consent').token;
    const page = await server.app.inject({ method: 'GET', url: `/email-preferences?token=${token}` });
    const until = formatLongDay(addMonths(torontoDate(new Date()), 6));
    expect(page.body).toContain(`You asked about a program on ${LONG_TODAY}, so we may e-mail you about programs until ${until}.`);
    expect(page.body).not.toContain('Implied consent');
  });

  test('double opt-in: the confirmation link, an unticked box, express consent recorded with its wording; no token at rest', async () => {
    const email = 'optin.person@example.com';
    const leadId = await newLead(email);
    const link = await optInLink(email);
    const token = new URL(link, 'http://x').searchParams.get('token')!;
    expect(Buffer.from(token, 'base64url').toString('latin1')).not.toContain('optin');

    const page = await server.app.inject({ method: 'GET', url: link });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['x-robots-tag']).toContain('noindex');
    expect(page.body).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(page.body).not.toContain('<script');
    expect(page.body).toContain(CONSENT_WORDING.replace(/'/g, '&#39;').slice(0, 60));
    expect(page.body).toMatch(/<input type="checkbox" id="consent-agree" name="agree" value="yes" required\/?>/);
    expect(page.body).not.toMatch(/checked/);

    // Submitting without ticking the box records nothing.
    const unticked = await form(link, 'action=opt-in');
    expect(unticked.statusCode).toBe(400);
    expect(unticked.body).toContain('Please tick the box');
    expect(await records(email)).toEqual([]);

    const confirmed = await form(link, 'action=opt-in&agree=yes');
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.body).toContain(
      `You agreed on ${LONG_TODAY} that we may e-mail you about programs, so we may do so until you tell us to stop.`,
    );
    expect(await records(email)).toEqual([
      {
        kind: 'express',
        wording: CONSENT_WORDING,
        method: 'consent page',
        source: '/email-preferences, link in the inquiry confirmation e-mail',
        ip: expect.any(String),
      },
    ]);
    // Opting in again changes nothing.
    await form(link, 'action=opt-in&agree=yes');
    expect(await records(email)).toHaveLength(1);

    const { rows } = await server.db.pool.query<{ found: number }>(
      `SELECT count(*)::int AS found FROM consent_records r WHERE concat_ws(' ', r.email, r.wording, r.method, r.source, r.ip) LIKE '%' || $1 || '%'`,
      [token],
    );
    expect(rows[0]!.found).toBe(0);

    const answer = await crmConsent(leadId);
    expect(answer.state).toEqual({ kind: 'express', line: `Express consent since ${TODAY}`, since: TODAY });
    expect(answer.history.map((entry) => entry.kind)).toEqual(['express', 'inquiry']);
    expect(answer.history[0]).toMatchObject({ method: 'consent page', wording: CONSENT_WORDING });

    // The same page withdraws.
    const withdrawn = await form(link, 'action=withdraw');
    expect(withdrawn.statusCode).toBe(200);
    expect((await crmConsent(leadId)).state.line).toBe(`Unsubscribed on ${TODAY}`);
    expect((await records(email)).map((r) => `${r.kind}/${r.method}`)).toEqual(['express/consent page', 'withdrawn/consent page']);
    // Both acts are on the lead's timeline.
    const timeline = await server.app.inject({
      method: 'GET',
      url: `/api/crm/leads/${leadId}/timeline`,
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(timeline.json<TimelineAnswer>().entries.filter((entry) => entry.kind === 'consent')).toEqual([
      expect.objectContaining({ given: true, method: 'consent page', by: null }),
      expect.objectContaining({ given: false, method: 'consent page', by: null }),
    ]);
  });

  test('commercialMail adds the sender, the unsubscribe link and RFC 8058 headers; one-click unsubscribes; later sends are refused', async () => {
    const email = 'oneclick.person@example.com';
    await newLead(email);
    const message = {
      to: email,
      subject: 'Winter intake',
      text: 'New classes start in January.',
      html: '<!doctype html><html><body><p>New classes start in January.</p></body></html>',
      envelope: { fromName: 'Dana from Admissions', headers: { 'X-Campaign': 'winter' } },
    };
    const result = await commercialMail(server.db.pool, server.config, message);
    if (!result.ok) throw new Error(result.reason);
    const sent = result.message;
    for (const body of [sent.text, sent.html]) {
      expect(body).toContain(COLLEGE.name);
      expect(body).toContain(COLLEGE.emails.admissions);
    }
    expect(sent.text).toContain(formatAddress());
    expect(sent.text.startsWith(message.text)).toBe(true);
    expect(sent.html).toMatch(/Unsubscribe<\/a>.*<\/p>\n<\/body><\/html>$/s);
    expect(sent.envelope?.fromName).toBe('Dana from Admissions');
    const headers = sent.envelope?.headers ?? {};
    expect(headers['X-Campaign']).toBe('winter');
    expect(headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const url = /^<(https?:\/\/[^>]+)>$/.exec(headers['List-Unsubscribe'] ?? '')?.[1];
    expect(url).toContain('/unsubscribe?token=');
    expect(sent.text).toContain(url);
    const path = url!.slice(server.config.siteUrl.length);

    const page = await server.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<form method="post"');
    expect(page.body).not.toContain('<script');

    // RFC 8058: the mail client POSTs this body to the header's URL; it unsubscribes at once.
    const oneClick = await form(path, 'List-Unsubscribe=One-Click');
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.body).toContain('You are unsubscribed');
    expect(await form(path, 'List-Unsubscribe=One-Click')).toMatchObject({ statusCode: 200 });
    expect((await records(email)).map((r) => `${r.kind}/${r.method}/${r.source}`)).toEqual([
      'withdrawn/one-click/List-Unsubscribe header (RFC 8058)',
    ]);
    expect(await commercialMail(server.db.pool, server.config, message)).toEqual({ ok: false, reason: `Unsubscribed on ${TODAY}` });

    // The unsubscribe page's own button, for another address.
    const other = 'button.person@example.com';
    await newLead(other);
    const otherSend = await commercialMail(server.db.pool, server.config, { ...message, to: other });
    if (!otherSend.ok) throw new Error(otherSend.reason);
    const otherPath = /<(https?:\/\/[^>]+)>/
      .exec(otherSend.message.envelope!.headers!['List-Unsubscribe']!)![1]!
      .slice(server.config.siteUrl.length);
    expect((await form(otherPath, 'action=unsubscribe')).statusCode).toBe(200);
    expect((await records(other)).map((r) => r.method)).toEqual(['unsubscribe page']);
  });

  test('a link that is not ours answers 404 and records nothing', async () => {
    for (const url of [
      '/unsubscribe?token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      '/email-preferences',
      '/unsubscribe',
    ]) {
      expect((await server.app.inject({ method: 'GET', url })).statusCode).toBe(404);
      expect((await form(url, 'List-Unsubscribe=One-Click')).statusCode).toBe(404);
    }
    const { rows } = await server.db.pool.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM consent_records WHERE method = 'one-click' AND email NOT LIKE 'oneclick%'",
    );
    expect(rows[0]!.n).toBe(0);
  });

  test('the CRM answers 404 for an unknown lead', async () => {
    const res = await server.app.inject({
      method: 'GET',
      url: '/api/crm/leads/ffffffffffffffffffffffff/consent',
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(res.statusCode).toBe(404);
  });

  // The W3C Nu checker (as test/api/html-validity.test.ts runs it); under CI a missing Java fails.
  (hasJava || process.env.CI ? test : test.skip)(
    'the consent and unsubscribe pages are valid HTML',
    async () => {
      await newLead('valid.html@example.com');
      const link = await optInLink('valid.html@example.com');
      const sent = await commercialMail(server.db.pool, server.config, {
        to: 'valid.html@example.com',
        subject: 'S',
        text: 'T',
        html: '<p>T</p>',
      });
      if (!sent.ok) throw new Error(sent.reason);
      const unsubscribe = /<(https?:\/\/[^>]+)>/
        .exec(sent.message.envelope!.headers!['List-Unsubscribe']!)![1]!
        .slice(server.config.siteUrl.length);
      const dir = fs.mkdtempSync(nodePath.join(os.tmpdir(), 'vnu-consent-'));
      const pages = {
        consent: (await server.app.inject({ method: 'GET', url: link })).body,
        unticked: (await form(link, 'action=opt-in')).body,
        unsubscribe: (await server.app.inject({ method: 'GET', url: unsubscribe })).body,
        unsubscribed: (await form(unsubscribe, 'List-Unsubscribe=One-Click')).body,
        invalid: (await server.app.inject({ method: 'GET', url: '/unsubscribe?token=nope' })).body,
      };
      const files = Object.entries(pages).map(([name, html]) => {
        const file = nodePath.join(dir, `${name}.html`);
        fs.writeFileSync(file, html);
        return file;
      });
      const vnu = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');
      let report = '';
      try {
        execFileSync('java', ['-jar', vnu, '--format', 'json', ...files], { stdio: ['ignore', 'ignore', 'pipe'] });
      } catch (error) {
        report = String((error as { stderr?: Buffer }).stderr ?? '');
      }
      fs.rmSync(dir, { recursive: true, force: true });
      const errors = report
        ? (JSON.parse(report) as { messages: { type: string; message: string; url: string }[] }).messages.filter((m) => m.type === 'error')
        : [];
      expect(errors).toEqual([]);
    },
    60_000,
  );

  // Last: it rotates this server's secrets key under it.
  test('links in sent mails survive a rotation of the secrets key; the link key is stored sealed', async () => {
    const email = 'rotation.person@example.com';
    const before = (await linkTokens(server.db.pool, server.config)).tokenFor(email, 'unsubscribe').token;
    const { rows } = await server.db.pool.query<{ sealed_key: string }>('SELECT sealed_key FROM consent_link_key');
    expect(rows[0]!.sealed_key).toMatch(/^enc1:/);
    const oldKey = parseKey(server.config.secretsKey!, 'old');
    const newKey = crypto.randomBytes(32);
    await sealSecretsAtRest(server.db.pool, createSecretBox({ current: newKey, previous: [oldKey] }));
    // A later start knows only the new key.
    const rotated = { ...server.config, secretsKey: newKey.toString('base64'), secretsKeyPrevious: [] };
    const tokens = await linkTokens(server.db.pool, rotated);
    expect(tokens.read(before)).toEqual({ ok: true, claim: expect.objectContaining({ email, purpose: 'unsubscribe' }) });
  });
});
