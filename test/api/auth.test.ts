import { startTestServer, type TestServer } from '../support/server';
import { testDatabaseKinds } from '../support/database';
import {
  accountDelayMs,
  BASE_DELAY_MS,
  MAX_DELAY_MS,
  MAX_FAILURES_PER_IP,
  THROTTLED_MESSAGE,
  WINDOW_MINUTES,
} from '../../server/auth/signin-throttle';

/** Opening a database takes seconds, and much longer while other suites load the machine. */
const START_TIMEOUT_MS = 120_000;

const ADMIN = { email: 'admin@test.example', password: 'correct horse battery staple' };
const FAILED = 'Invalid email or password.';

describe.each(testDatabaseKinds())('staff sign-in and sign-out (%s)', (kind) => {
  let server: TestServer;
  let nextIp = 1;
  /** Each test signs in from its own address, so the per-address throttle does not leak between tests. */
  const freshIp = () => `10.0.0.${nextIp++}`;

  beforeAll(async () => {
    server = await startTestServer({ kind, listen: false });
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await server?.close();
  });

  const signin = (body: unknown, ip = '10.9.9.9', headers: Record<string, string> = {}) =>
    server.app.inject({ method: 'POST', url: '/api/users/signin', payload: body as object, remoteAddress: ip, headers });

  test('the right password answers message, token and the public user (no secret)', async () => {
    const res = await signin(ADMIN, freshIp());
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe('Login successful');
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Object.keys(body.user).sort()).toEqual(['_id', 'email', 'name']);
    expect(body.user).toMatchObject({ email: ADMIN.email, name: 'Administrator' });
    expect(body.user._id).toMatch(/^[0-9a-f]{24}$/);
    expect(res.body).not.toMatch(/argon2|password/i);
    expect(res.headers['cache-control']).toBe('no-store');
    // Only the token's hash is stored.
    const { rows } = await server.db.pool.query<{ token_hash: Buffer }>('SELECT token_hash FROM sessions');
    expect(rows.some((row) => row.token_hash.toString('base64url') === body.token)).toBe(false);
    expect(rows.every((row) => row.token_hash.length === 32)).toBe(true);
  });

  test('the e-mail is matched without regard to case or surrounding spaces', async () => {
    const res = await signin({ email: '  ADMIN@Test.Example ', password: ADMIN.password }, freshIp());
    expect(res.statusCode).toBe(200);
  });

  test('an unknown address and a wrong password get the same 401 answer', async () => {
    const ip = freshIp();
    const unknown = await signin({ email: 'nobody@test.example', password: ADMIN.password }, ip);
    const wrong = await signin({ email: ADMIN.email, password: 'not the password' }, ip);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ message: FAILED });
    expect(wrong.body).toBe(unknown.body);
  });

  test.each([[{}], [{ email: ADMIN.email }], [{ password: 'x' }], [{ email: '', password: '' }], [{ email: 42, password: ['x'] }]])(
    'missing or malformed fields get 400 with a message: %j',
    async (body) => {
      const res = await signin(body, freshIp());
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Please enter your email and password.');
    },
  );

  test('failures on an account slow it down progressively but never lock the owner out', async () => {
    await server.db.pool.query('DELETE FROM signin_attempts');
    // Six wrong guesses from six addresses (a distributed attacker): none is refused outright.
    for (let i = 0; i < 6; i += 1) {
      expect((await signin({ email: ADMIN.email, password: `guess ${i}` }, freshIp())).statusCode).toBe(401);
    }
    // The owner, from yet another address, still signs in, after the account's current delay.
    const started = Date.now();
    const owner = await signin(ADMIN, freshIp());
    expect(owner.statusCode).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(accountDelayMs(6) - 50);
    // The success cleared the failures: the next sign-in is immediate again.
    const again = Date.now();
    expect((await signin(ADMIN, freshIp())).statusCode).toBe(200);
    expect(Date.now() - again).toBeLessThan(accountDelayMs(6));
  });

  test('the delay grows with each failure and is capped', () => {
    expect([0, 1, 2, 3].map(accountDelayMs)).toEqual([0, 0, 0, 0]);
    expect(accountDelayMs(4)).toBe(BASE_DELAY_MS);
    expect(accountDelayMs(5)).toBe(2 * BASE_DELAY_MS);
    expect(accountDelayMs(50)).toBe(MAX_DELAY_MS);
  });

  test('a burst of parallel guesses pays the growing delay too', async () => {
    await server.db.pool.query('DELETE FROM signin_attempts');
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 7 }, (_, i) => signin({ email: 'burst@test.example', password: `guess ${i}` }, freshIp())),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(Array(7).fill(401));
    // Pending attempts count: the 7th parallel guess waited for the delay of 6 earlier failures.
    expect(Date.now() - started).toBeGreaterThanOrEqual(accountDelayMs(6) - 50);
  });

  test("a success clears the account's earlier failures", async () => {
    await server.db.pool.query('DELETE FROM signin_attempts');
    for (let i = 0; i < 4; i += 1) await signin({ email: ADMIN.email, password: 'wrong' }, freshIp());
    expect((await signin(ADMIN, freshIp())).statusCode).toBe(200);
    for (let i = 0; i < 4; i += 1) await signin({ email: ADMIN.email, password: 'wrong' }, freshIp());
    expect((await signin(ADMIN, freshIp())).statusCode).toBe(200);
  });

  test(`a client address is refused after ${MAX_FAILURES_PER_IP} failures, whatever e-mails it tries`, async () => {
    await server.db.pool.query('DELETE FROM signin_attempts');
    const ip = '10.1.2.3';
    // All but the last written as the route writes them (a sprayer's, one per e-mail), within the window.
    await server.db.pool.query(
      `INSERT INTO signin_attempts (email, ip, success, created_at)
       SELECT 'spray' || g || '@test.example', $1, false, now() - interval '1 minute' FROM generate_series(1, $2) g`,
      [ip, MAX_FAILURES_PER_IP - 1],
    );
    expect((await signin({ email: 'spray-last@test.example', password: 'x' }, ip)).statusCode).toBe(401);
    const refused = await signin(ADMIN, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(THROTTLED_MESSAGE);
    // Another address is unaffected.
    expect((await signin(ADMIN, freshIp())).statusCode).toBe(200);
    // Failures older than the window no longer count.
    await server.db.pool.query(`UPDATE signin_attempts SET created_at = now() - make_interval(mins => $1) WHERE ip = $2`, [
      WINDOW_MINUTES + 1,
      ip,
    ]);
    expect((await signin(ADMIN, ip)).statusCode).toBe(200);
  });

  test('GET /api/users/me needs a live session; sign-out revokes it', async () => {
    const { token } = (await signin(ADMIN, freshIp())).json();
    const me = await server.app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${token}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({ user: expect.objectContaining({ email: ADMIN.email }) });
    expect(me.headers['cache-control']).toBe('no-store');

    const out = await server.app.inject({ method: 'POST', url: '/api/users/signout', headers: { authorization: `Bearer ${token}` } });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ message: 'You have been signed out.' });

    const after = await server.app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${token}` } });
    expect(after.statusCode).toBe(401);
    expect(typeof after.json().message).toBe('string');
    const again = await server.app.inject({ method: 'POST', url: '/api/users/signout', headers: { authorization: `Bearer ${token}` } });
    expect(again.statusCode).toBe(401);
  });

  test('no token, a malformed one or an unknown one gets 401 with a message', async () => {
    for (const authorization of [undefined, 'Bearer', 'Basic abc', `Bearer ${'A'.repeat(43)}`]) {
      const res = await server.app.inject({ method: 'GET', url: '/api/users/me', headers: authorization ? { authorization } : {} });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toMatch(/sign in/i);
    }
  });

  test('an expired session no longer works', async () => {
    const { token } = (await signin(ADMIN, freshIp())).json();
    await server.db.pool.query("UPDATE sessions SET last_seen_at = now() - interval '3 hours'");
    const res = await server.app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(401);
  });

  test('staff calls are not open to other origins (no CORS headers)', async () => {
    const res = await signin(ADMIN, freshIp(), { origin: 'https://evil.example' });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});
