/**
 * The sign-in throttle locks out the attacker, not the office (issue 35): failures are limited per
 * account and client address, so one account's wrong passwords from the college's NAT address
 * refuse neither the other accounts behind it nor the owner from elsewhere; wrong current passwords
 * on signed-in endpoints are limited per session and count in no sign-in rule. (The per-address
 * backstop: test/api/auth.test.ts.)
 *
 * Failures are written straight into signin_attempts where many are needed, as the route writes
 * them: through the API the account's growing delay would make each test take minutes.
 */
import { startTestServer, type TestServer } from '../support/server';
import { testDatabaseKinds } from '../support/database';
import { createUser } from '../../server/auth/users';
import { createSession } from '../../server/auth/sessions';
import { hashToken } from '../../server/auth/tokens';
import { PASSWORD_MISMATCH } from '../../server/staff/own-password';
import { CURRENT_PASSWORD_THROTTLED, CURRENT_PASSWORD_WRONG } from '../../server/auth/current-password';
import {
  accountDelayMs,
  MAX_FAILURES_PER_IP,
  MAX_FAILURES_PER_PAIR,
  MAX_WRONG_PER_SESSION,
  THROTTLED_MESSAGE,
  WINDOW_MINUTES,
} from '../../server/auth/signin-throttle';

const START_TIMEOUT_MS = 120_000;
const PASSWORD = 'correct horse battery staple';
/** The old rule refused an address after this many failures, whatever the accounts. */
const OLD_LIMIT_PER_IP = 20;

describe.each(testDatabaseKinds())('sign-in throttle per account and address, per session (%s)', (kind) => {
  let server: TestServer;
  const ACCOUNT_A = 'pair.a@test.example';
  const ACCOUNT_B = 'pair.b@test.example';
  const ACCOUNT_U = 'pair.u@test.example';
  let userU = '';

  beforeAll(async () => {
    server = await startTestServer({ kind, listen: false });
    await createUser(server.db.pool, { email: ACCOUNT_A, name: 'Ann Pair', password: PASSWORD });
    await createUser(server.db.pool, { email: ACCOUNT_B, name: 'Ben Pair', password: PASSWORD });
    userU = (await createUser(server.db.pool, { email: ACCOUNT_U, name: 'Uma Pair', password: PASSWORD }))._id;
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await server?.close();
  });
  beforeEach(async () => {
    await server.db.pool.query('DELETE FROM signin_attempts');
  });

  const signin = (email: string, password: string, ip: string) =>
    server.app.inject({ method: 'POST', url: '/api/users/signin', payload: { email, password }, remoteAddress: ip });

  /** `count` failed sign-ins of `email` (a `#` in it becomes 1, 2 …) from `ip`, `minutesAgo` minutes ago. */
  async function recordFailures(email: string, ip: string, count: number, minutesAgo = 2): Promise<void> {
    await server.db.pool.query(
      `INSERT INTO signin_attempts (email, ip, success, created_at)
       SELECT replace($1, '#', g::text), $2, false, now() - make_interval(mins => $4)
         FROM generate_series(1, $3) g`,
      [email, ip, count, minutesAgo],
    );
  }
  async function recordSuccess(email: string, ip: string, minutesAgo: number): Promise<void> {
    await server.db.pool.query(
      `INSERT INTO signin_attempts (email, ip, success, created_at) VALUES ($1, $2, true, now() - make_interval(mins => $3))`,
      [email, ip, minutesAgo],
    );
  }

  test('wrong passwords for one account from the office address do not stop another account signing in from it', async () => {
    const office = '198.51.100.10';
    // More than the old per-address limit, all for account A from the office's one address.
    await recordFailures(ACCOUNT_A, office, OLD_LIMIT_PER_IP + 5);
    const guess = await signin(ACCOUNT_A, 'still guessing', office);
    expect(guess.statusCode).toBe(429);
    expect(guess.json()).toEqual({ message: THROTTLED_MESSAGE });
    expect(guess.headers['retry-after']).toBe(String(WINDOW_MINUTES * 60));
    // Account B, behind the same address, signs in at once.
    expect((await signin(ACCOUNT_B, PASSWORD, office)).statusCode).toBe(200);
    // A refused attempt is not recorded: it adds to no count.
    const { rows } = await server.db.pool.query<{ n: string }>('SELECT count(*) AS n FROM signin_attempts WHERE NOT success');
    expect(Number(rows[0]?.n)).toBe(OLD_LIMIT_PER_IP + 5);
  });

  test('the pair is refused after its limit, even with the right password, while the owner signs in from elsewhere', async () => {
    const attacker = '203.0.113.7';
    await recordFailures(ACCOUNT_A, attacker, MAX_FAILURES_PER_PAIR - 1, 3);
    // The owner signed in from home since: the account's delay is cleared, the attacker's pair count is not.
    await recordSuccess(ACCOUNT_A, '192.0.2.77', 1);
    expect((await signin(ACCOUNT_A, 'one more guess', attacker)).statusCode).toBe(401);
    const refused = await signin(ACCOUNT_A, PASSWORD, attacker);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: THROTTLED_MESSAGE });
    // The owner, from another address, with the right password; and another account from the attacker's.
    expect((await signin(ACCOUNT_A, PASSWORD, '192.0.2.78')).statusCode).toBe(200);
    expect((await signin(ACCOUNT_B, PASSWORD, attacker)).statusCode).toBe(200);
    // Still refused: a success of the account from elsewhere gives the pair no fresh tries.
    expect((await signin(ACCOUNT_A, PASSWORD, attacker)).statusCode).toBe(429);
  });

  test("the pair's failures count within the window only, and a success of the pair clears them", async () => {
    const ip = '198.51.100.20';
    await recordFailures(ACCOUNT_A, ip, MAX_FAILURES_PER_PAIR, WINDOW_MINUTES + 1);
    expect((await signin(ACCOUNT_A, PASSWORD, ip)).statusCode).toBe(200);
    await server.db.pool.query('DELETE FROM signin_attempts');
    await recordFailures(ACCOUNT_A, ip, MAX_FAILURES_PER_PAIR - 1, 3);
    await recordSuccess(ACCOUNT_A, ip, 1);
    expect((await signin(ACCOUNT_A, 'a slip', ip)).statusCode).toBe(401);
    expect((await signin(ACCOUNT_A, 'another slip', ip)).statusCode).toBe(401);
    expect((await signin(ACCOUNT_A, PASSWORD, ip)).statusCode).toBe(200);
  });

  test('the per-address limit is far above the per-pair one', () => {
    expect(MAX_FAILURES_PER_IP).toBeGreaterThanOrEqual(10 * MAX_FAILURES_PER_PAIR);
    expect(MAX_FAILURES_PER_PAIR).toBeLessThan(OLD_LIMIT_PER_IP);
  });

  describe('wrong current passwords on signed-in endpoints', () => {
    const ip = '192.0.2.40';
    const call = (url: string, token: string, payload: object) =>
      server.app.inject({ method: 'POST', url, payload, remoteAddress: ip, headers: { authorization: `Bearer ${token}` } });
    /** Alternates two endpoints that ask for the current password: they share the session's count. */
    const recheck = (token: string, password: string, i: number) =>
      i % 2
        ? call('/api/users/two-factor/setup', token, { password })
        : call('/api/users/account/password', token, { current_password: password, password: 'x', cPassword: 'y' });

    test('are refused per session; another session of the account and sign-in from the address are not', async () => {
      // Enough refused sessions that their wrong passwords reach the pair's limit from one address.
      const refusedSessions = Math.ceil(MAX_FAILURES_PER_PAIR / MAX_WRONG_PER_SESSION);
      const tokens: string[] = [];
      for (let s = 0; s < refusedSessions + 1; s += 1) tokens.push(await createSession(server.db.pool, userU));
      for (const token of tokens.slice(0, refusedSessions)) {
        for (let i = 0; i < MAX_WRONG_PER_SESSION; i += 1) {
          const wrong = await recheck(token, 'not my password', i);
          expect(wrong.statusCode).toBe(400);
          expect(wrong.json()).toEqual({ message: CURRENT_PASSWORD_WRONG });
        }
        // Refused before any check, even with the right password.
        const refused = await recheck(token, PASSWORD, 1);
        expect(refused.statusCode).toBe(429);
        expect(refused.json()).toEqual({ message: CURRENT_PASSWORD_THROTTLED });
        expect(refused.headers['retry-after']).toBe(String(WINDOW_MINUTES * 60));
      }
      // Another session of the same account, from the same address.
      const other = tokens[refusedSessions] ?? '';
      expect((await call('/api/users/two-factor/setup', other, { password: PASSWORD })).statusCode).toBe(200);
      // Sign-in from the same address is neither refused nor slowed by them.
      const started = Date.now();
      expect((await signin(ACCOUNT_U, PASSWORD, ip)).statusCode).toBe(200);
      expect(Date.now() - started).toBeLessThan(accountDelayMs(MAX_FAILURES_PER_PAIR) / 2);
      // The sessions are named by a hash of their token's hash, never the token or the sessions row's key.
      const { rows } = await server.db.pool.query<{ session_key: string }>(
        'SELECT session_key FROM signin_attempts WHERE session_key IS NOT NULL',
      );
      expect(rows).toHaveLength(refusedSessions * MAX_WRONG_PER_SESSION + 1);
      const secrets = tokens.flatMap((token) => {
        const hash = hashToken(token);
        return [token, hash.toString('hex'), hash.toString('base64'), hash.toString('base64url')];
      });
      for (const { session_key } of rows) {
        expect(session_key).toMatch(/^[A-Za-z0-9_-]{43}$/);
        expect(secrets.some((secret) => session_key.includes(secret))).toBe(false);
      }
    });

    test("the right password clears the session's wrong ones", async () => {
      const token = await createSession(server.db.pool, userU);
      for (let round = 0; round < 2; round += 1) {
        for (let i = 0; i < MAX_WRONG_PER_SESSION - 1; i += 1) {
          expect((await recheck(token, 'not my password', 0)).statusCode).toBe(400);
        }
        // The current password is accepted (the new ones then do not match, so nothing changes).
        expect((await recheck(token, PASSWORD, 0)).json()).toEqual({ message: PASSWORD_MISMATCH });
      }
      expect((await recheck(token, 'not my password', 0)).statusCode).toBe(400);
    });
  });
});
