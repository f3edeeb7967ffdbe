/**
 * Security issue, items 3, 5 (purge), 11 and 12: no usable reset link rests in the database once
 * delivered or expired; request logs never hold a token; old sign-in attempts are purged; site
 * pages carry COOP and a CSP without inline styles, and HSTS when the site is https.
 */
import { Writable } from 'node:stream';
import { startTestServer, type TestServer } from '../support/server';
import { testDatabaseKinds } from '../support/database';
import { startSmtpSink, type SmtpSink } from '../support/smtp';
import { loadConfig } from '../../server/config';
import { createLogger, redactUrlTokens } from '../../server/logger';
import { buildApp } from '../../server/app';
import { runHousekeeping } from '../../server/jobs/housekeeping';
import { SECRET_REMOVED_BODY } from '../../server/mail/mail-queue';
import { WITHDRAWN_ERROR } from '../../server/mail/purge-secrets';
import { SITE_CSP } from '../../server/http/security-headers';

const START_TIMEOUT_MS = 120_000;
const ADMIN_EMAIL = 'admin@test.example';

describe.each(testDatabaseKinds())('secrets at rest (%s)', (kind) => {
  let server: TestServer;
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
    server = await startTestServer({ kind, listen: false, env: { SMTP_URL: sink.url } });
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await server.close();
    await sink.close();
  });

  const requestReset = () => server.app.inject({ method: 'POST', url: '/api/users/reset-password', payload: { email: ADMIN_EMAIL } });
  const resetRows = () =>
    server.db.pool.query<{ text_body: string; html_body: string; sent_at: Date | null; last_error: string | null }>(
      "SELECT text_body, html_body, sent_at, last_error FROM mail_queue WHERE subject LIKE 'Reset your%' ORDER BY id",
    );

  test('after delivery, the queued reset mail no longer holds the link', async () => {
    await server.db.pool.query('DELETE FROM mail_queue');
    expect((await requestReset()).statusCode).toBe(200);
    await server.ctx.leadLife.settle();
    await server.ctx.mailer.flush();
    // The worker may have sent it already: what was delivered carried the link …
    const mail = await sink.waitForMail(ADMIN_EMAIL);
    expect(mail.raw).toMatch(/\/crm\/password-reset\/[0-9a-f]{24}\//);
    const after = (await resetRows()).rows[0];
    expect(after?.sent_at).not.toBeNull();
    expect([after?.text_body, after?.html_body]).toEqual([SECRET_REMOVED_BODY, SECRET_REMOVED_BODY]);
    const { rows } = await server.db.pool.query(
      "SELECT 1 FROM mail_queue WHERE text_body LIKE '%password-reset/%' OR html_body LIKE '%password-reset/%'",
    );
    expect(rows).toHaveLength(0);
  });

  test('an undelivered reset mail is withdrawn once its link has expired', async () => {
    await server.db.pool.query('DELETE FROM mail_queue');
    sink.refuse = true;
    try {
      expect((await requestReset()).statusCode).toBe(200);
      await server.ctx.leadLife.settle();
      await server.ctx.mailer.flush();
      await server.db.pool.query("UPDATE mail_queue SET secret_expires_at = now() - interval '1 second'");
      await runHousekeeping(server.db.pool);
      const row = (await resetRows()).rows[0];
      expect(row).toMatchObject({
        text_body: SECRET_REMOVED_BODY,
        html_body: SECRET_REMOVED_BODY,
        sent_at: null,
        last_error: WITHDRAWN_ERROR,
      });
      await server.db.pool.query('UPDATE mail_queue SET next_attempt_at = now() WHERE next_attempt_at < now()');
      sink.refuse = false;
      expect(await server.ctx.mailer.flush()).toBe(0);
    } finally {
      sink.refuse = false;
    }
  });

  test('housekeeping purges sign-in attempts older than a day and ended rate-limit windows', async () => {
    await server.db.pool.query('DELETE FROM signin_attempts');
    await server.db.pool.query(
      `INSERT INTO signin_attempts (email, ip, success, created_at) VALUES
         ('old@test.example', '10.0.0.1', false, now() - interval '25 hours'),
         ('new@test.example', '10.0.0.1', false, now())`,
    );
    await server.db.pool.query(
      `INSERT INTO rate_limit_hits (key, hits, window_ends_at) VALUES ('test:ended', 3, now() - interval '1 minute'),
         ('test:live', 3, now() + interval '1 minute')`,
    );
    const purged = await runHousekeeping(server.db.pool);
    expect(purged.signinAttempts).toBe(1);
    expect(purged.rateLimitHits).toBeGreaterThanOrEqual(1);
    const { rows } = await server.db.pool.query<{ email: string }>('SELECT email FROM signin_attempts');
    expect(rows.map((row) => row.email)).toEqual(['new@test.example']);
    const hits = await server.db.pool.query<{ key: string }>("SELECT key FROM rate_limit_hits WHERE key LIKE 'test:%'");
    expect(hits.rows.map((row) => row.key)).toEqual(['test:live']);
  });

  test('request logs never contain a reset token, for the page or the API call', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    // Page requests log at debug (API calls at info): both must be redacted.
    const log = createLogger({ logLevel: 'debug' }, true, stream);
    const app = await buildApp(server.ctx, log);
    const token = 'Secret_Token_1234567890abcdefghij';
    const id = 'aaaaaaaaaaaaaaaaaaaaaaaa';
    await app.inject({ method: 'GET', url: `/crm/password-reset/${id}/${token}` });
    await app.inject({ method: 'POST', url: `/api/users/reset-password/${id}/${token}`, payload: { password: 'x', cPassword: 'x' } });
    await app.close();
    const text = lines.join('');
    expect(text).toContain(`/crm/password-reset/${id}/[redacted]`);
    expect(text).toContain(`/api/users/reset-password/${id}/[redacted]`);
    expect(text).not.toContain(token);
  });
});

test('token redaction covers query tokens and leaves other URLs alone', () => {
  expect(redactUrlTokens('/x?token=abc&y=1')).toBe('/x?token=[redacted]&y=1');
  expect(redactUrlTokens('/crm/leads/123?page=2')).toBe('/crm/leads/123?page=2');
  // Staff invitation links, and the staff search of leads (personal data).
  expect(redactUrlTokens('/crm/welcome/0123456789abcdef01234567/secret-token')).toBe('/crm/welcome/0123456789abcdef01234567/[redacted]');
  expect(redactUrlTokens('/api/crm/leads?q=ada%40example.com&page=2')).toBe('/api/crm/leads?q=[redacted]&page=2');
  expect(redactUrlTokens('/api/crm/leads.csv?stage=2&q=Ada')).toBe('/api/crm/leads.csv?stage=2&q=[redacted]');
  expect(redactUrlTokens('/api/search?q=security')).toBe('/api/search?q=security');
});

describe('site headers', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ listen: false, env: { SITE_URL: 'https://college.example' } });
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await server.close();
  });

  test('pages carry COOP, a CSP with no inline styles, and HSTS on an https site', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/crm/login' });
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['content-security-policy']).toBe(SITE_CSP);
    expect(SITE_CSP).toContain("style-src 'self'");
    expect(SITE_CSP).not.toContain('unsafe-inline');
    expect(res.headers['strict-transport-security']).toMatch(/max-age=31536000/);
  });

  test('no HSTS on a plain-http site without a trusted https proxy', () => {
    expect(loadConfig({ PORT: '3000' }).siteUrl.startsWith('https')).toBe(false);
  });
});
