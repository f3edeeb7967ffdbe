import { PASSWORD_TOO_COMMON } from '../../server/auth/password-strength';
import { startTestServer, type TestServer } from '../support/server';
import { testDatabaseKinds } from '../support/database';
import { startSmtpSink, type SmtpSink } from '../support/smtp';

/** Opening a database takes seconds, and much longer while other suites load the machine. */
const START_TIMEOUT_MS = 120_000;

const ADMIN = { email: 'admin@test.example', password: 'correct horse battery staple' };
const REQUESTED = 'If that address is registered, we have sent a link to reset the password.';
const INVALID = 'This password reset link is invalid or has expired.';

/** The reset link in a raw e-mail (its text part is quoted-printable, so soft line breaks go first). */
function linkIn(raw: string): string {
  const decoded = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const link = /https?:\/\/\S+\/crm\/password-reset\/[0-9a-f]{24}\/[A-Za-z0-9_-]+/.exec(decoded)?.[0];
  if (!link) throw new Error(`no reset link in:\n${raw}`);
  return link;
}

describe.each(testDatabaseKinds())('password reset through a real SMTP server (%s)', (kind) => {
  let server: TestServer;
  let sink: SmtpSink;

  beforeAll(async () => {
    sink = await startSmtpSink();
    server = await startTestServer({ kind, env: { SMTP_URL: sink.url } });
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await server?.close();
    await sink?.close();
  });
  beforeEach(async () => {
    sink.messages.length = 0;
    await server.db.pool.query('DELETE FROM signin_attempts');
    // Each test starts with no live links (at most 3 may be live per account).
    await server.db.pool.query('UPDATE password_resets SET used_at = now() WHERE used_at IS NULL');
  });

  const post = (url: string, payload: object) => server.app.inject({ method: 'POST', url, payload });
  const forgot = (email: string) => post('/api/users/reset-password', { email });
  const signin = (password: string) => post('/api/users/signin', { email: ADMIN.email, password });
  const resetWith = (link: string, password: string, cPassword = password) => {
    const [userId, token] = new URL(link).pathname.split('/').slice(-2) as [string, string];
    return post(`/api/users/reset-password/${userId}/${token}`, { password, cPassword, userId, token });
  };
  async function requestLink(): Promise<string> {
    sink.messages.length = 0;
    expect((await forgot(ADMIN.email)).statusCode).toBe(200);
    return linkIn((await sink.waitForMail(ADMIN.email)).raw);
  }

  test('the answer is the same for a registered and an unknown address, and only the first gets mail', async () => {
    const startedKnown = Date.now();
    const known = await forgot(ADMIN.email);
    const knownMs = Date.now() - startedKnown;
    const startedUnknown = Date.now();
    const unknown = await forgot('nobody@test.example');
    const unknownMs = Date.now() - startedUnknown;
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual({ message: REQUESTED });
    expect(unknown.body).toBe(known.body);
    expect(knownMs).toBeGreaterThanOrEqual(240);
    expect(unknownMs).toBeGreaterThanOrEqual(240);

    const mail = await sink.waitForMail(ADMIN.email);
    expect(mail.subject).toMatch(/reset/i);
    expect(mail.raw).toMatch(/Content-Type: text\/plain/i);
    expect(mail.raw).toMatch(/Content-Type: text\/html/i);
    const link = linkIn(mail.raw);
    expect(link.startsWith(`${server.config.siteUrl}/crm/password-reset/`)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sink.messages.filter((m) => m.to.includes('nobody@test.example'))).toHaveLength(0);
    const { rows } = await server.db.pool.query("SELECT 1 FROM mail_queue WHERE to_address = 'nobody@test.example'");
    expect(rows).toHaveLength(0);
  });

  test('the token is 32 random bytes, stored only as a hash, expiring within an hour', async () => {
    const link = await requestLink();
    const token = link.split('/').pop() ?? '';
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const { rows } = await server.db.pool.query<{ token_hash: Buffer; minutes: number }>(
      `SELECT token_hash, EXTRACT(EPOCH FROM (expires_at - created_at)) / 60 AS minutes
         FROM password_resets ORDER BY created_at DESC LIMIT 1`,
    );
    expect(rows[0]?.token_hash.toString('base64url')).not.toBe(token);
    expect(Number(rows[0]?.minutes)).toBeLessThanOrEqual(60);
  });

  test('a malformed request gets 400 with a message', async () => {
    expect((await post('/api/users/reset-password', {})).json().message).toBe('Please enter your registered email.');
    const bad = await post('/api/users/reset-password', { email: 'not an address' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Please enter a valid email address.');
  });

  test('mismatch, weak and too long passwords are refused with clear messages', async () => {
    const link = await requestLink();
    const mismatch = await resetWith(link, 'new password one', 'new password two');
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toEqual({ message: 'Password and Confirm Password are not same' });
    const weak = await resetWith(link, 'short7!');
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toEqual({ message: 'Password must be at least 8 characters.' });
    const long = await resetWith(link, 'x'.repeat(129));
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('Password must be at most 128 characters.');
    // None of those used the link up, and the old password still works.
    expect((await signin(ADMIN.password)).statusCode).toBe(200);
    expect((await resetWith(link, 'a sixty-four character passphrase is welcome here, no upper limit'.slice(0, 64))).statusCode).toBe(200);
    // Put the known password back for the other tests.
    expect((await resetWith(await requestLink(), ADMIN.password)).statusCode).toBe(200);
  });

  test('a reset works once, ends every session, kills other links, and the old password stops working', async () => {
    const session = (await signin(ADMIN.password)).json().token as string;
    const otherLink = await requestLink();
    const link = await requestLink();
    const newPassword = 'a brand new passphrase';

    const done = await resetWith(link, newPassword);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: 'Your password has been reset. You can now sign in.' });

    const second = await resetWith(link, 'yet another passphrase');
    expect(second.statusCode).toBe(400);
    expect(second.json()).toEqual({ message: INVALID });
    expect((await resetWith(otherLink, 'yet another passphrase')).json()).toEqual({ message: INVALID });

    expect((await signin(ADMIN.password)).statusCode).toBe(401);
    expect((await signin(newPassword)).statusCode).toBe(200);
    const me = await server.app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${session}` } });
    expect(me.statusCode).toBe(401);
    const { rows } = await server.db.pool.query<{ changed: boolean }>(
      "SELECT password_changed_at > now() - interval '1 minute' AS changed FROM users WHERE email = $1",
      [ADMIN.email],
    );
    expect(rows[0]?.changed).toBe(true);

    expect((await resetWith(await requestLink(), ADMIN.password)).statusCode).toBe(200);
  });

  test('a common or guessable new password is refused with a clear message; the link stays usable', async () => {
    const link = await requestLink();
    for (const weak of ['password', 'Password1', ADMIN.email]) {
      const res = await resetWith(link, weak);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(PASSWORD_TOO_COMMON);
    }
    expect((await resetWith(link, ADMIN.password)).statusCode).toBe(200);
  });

  test('an expired link is refused', async () => {
    const link = await requestLink();
    await server.db.pool.query("UPDATE password_resets SET expires_at = now() - interval '1 second' WHERE used_at IS NULL");
    const res = await resetWith(link, 'a fine new password');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(INVALID);
  });

  test('made-up, tampered or mismatched links are refused', async () => {
    const link = await requestLink();
    const [userId, token] = new URL(link).pathname.split('/').slice(-2) as [string, string];
    const body = (over: object) => ({ password: 'a fine new password', cPassword: 'a fine new password', ...over });
    const cases: Array<[string, object]> = [
      [`/api/users/reset-password/${'0'.repeat(24)}/${token}`, body({})],
      [`/api/users/reset-password/${userId}/${'A'.repeat(43)}`, body({})],
      [`/api/users/reset-password/not-an-id/${token}`, body({})],
      [`/api/users/reset-password/${userId}/${token}`, body({ token: 'B'.repeat(43) })],
      [`/api/users/reset-password/${userId}/${token}`, body({ userId: '1'.repeat(24) })],
    ];
    for (const [url, payload] of cases) {
      const res = await post(url, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(INVALID);
    }
    const missing = await post(`/api/users/reset-password/${userId}/${token}`, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Please enter a new password.');
    // The real link still works after all that.
    expect((await resetWith(link, ADMIN.password)).statusCode).toBe(200);
  });

  test('at most 3 live links per account: a flood of requests sends no more mail', async () => {
    await server.db.pool.query('UPDATE password_resets SET used_at = now() WHERE used_at IS NULL');
    const { rows: before } = await server.db.pool.query<{ n: string }>('SELECT count(*) AS n FROM mail_queue');
    for (let i = 0; i < 5; i += 1) expect((await forgot(ADMIN.email)).json().message).toBe(REQUESTED);
    const { rows: after } = await server.db.pool.query<{ n: string }>('SELECT count(*) AS n FROM mail_queue');
    expect(Number(after[0]?.n) - Number(before[0]?.n)).toBe(3);
  });
});
