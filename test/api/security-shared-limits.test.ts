/**
 * Security issue, items 2, 6 and 8: proxies are trusted by hop count or address, never wholesale
 * (a forged X-Forwarded-For cannot dodge the throttles); the lead limit is shared by every
 * instance on one database, or on Redis when REDIS_URL is set; password hashing is capped.
 */
import { Redis } from 'ioredis';
import { startSecondInstance, startTestServer, type TestServer } from '../support/server';
import { testDatabaseKinds } from '../support/database';
import { validLead } from '../support/lead-fixtures';
import type { RunningServer } from '../../server/server';
import { parseTrustProxy, TRUST_PROXY_HELP } from '../../server/http/trusted-proxies';
import { THROTTLED_MESSAGE, MAX_FAILURES_PER_IP } from '../../server/auth/signin-throttle';
import { HASHING_BUSY_MESSAGE, MAX_WAITING_HASHES } from '../../server/auth/hashing-queue';

const START_TIMEOUT_MS = 120_000;
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
let seq = 0;

const postLead = (app: RunningServer['app'], headers: Record<string, string>, remoteAddress = '127.0.0.1') =>
  app.inject({
    method: 'POST',
    url: '/api/leads',
    remoteAddress,
    headers: { 'content-type': 'application/json', 'idempotency-key': `shared-limit-${Date.now()}-${(seq += 1)}`, ...headers },
    payload: validLead({ email: `shared${seq}@example.com` }),
  });

describe('TRUST_PROXY parsing', () => {
  test.each([
    [undefined, false],
    ['', false],
    ['0', false],
    ['1', 1],
    ['2', 2],
    ['true', 1],
    ['10.0.0.5', ['10.0.0.5']],
    ['10.0.0.5, 10.1.0.0/16,::1', ['10.0.0.5', '10.1.0.0/16', '::1']],
  ])('%j → %j', (value, expected) => {
    expect(parseTrustProxy(value)).toEqual(expected);
  });
  test.each(['yes', '10.0.0.0/33', 'example.com', '10.0.0.1/8/2'])('%j is refused with help', (value) => {
    expect(() => parseTrustProxy(value)).toThrow(TRUST_PROXY_HELP);
  });
});

describe.each(testDatabaseKinds())('shared limits (%s)', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ kind, listen: false, env: { TRUST_PROXY: '1', LEADS_RATE_LIMIT: '10' } });
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await server.close();
  });

  test('behind one proxy, a forged leftmost X-Forwarded-For cannot dodge the sign-in throttle', async () => {
    const client = '203.0.113.50';
    // The client's earlier failures, but for the last before the limit (one e-mail each, as a sprayer's).
    await server.db.pool.query(
      `INSERT INTO signin_attempts (email, ip, success) SELECT 'earlier' || g || '@test.example', $1, false FROM generate_series(1, $2) g`,
      [client, MAX_FAILURES_PER_IP - 1],
    );
    const codes: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const res = await server.app.inject({
        method: 'POST',
        url: '/api/users/signin',
        remoteAddress: '10.0.0.2',
        headers: { 'x-forwarded-for': `198.18.${i}.${i}, ${client}` },
        payload: { email: `nobody${i}@test.example`, password: 'wrong password' },
      });
      codes.push(res.statusCode);
      if (res.statusCode === 429) expect(res.json().message).toBe(THROTTLED_MESSAGE);
    }
    expect(codes).toEqual([401, 429, 429, 429]);
  }, 60_000);

  test('behind one proxy, a forged X-Forwarded-For cannot dodge the lead limit', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      codes.push((await postLead(server.app, { 'x-forwarded-for': `198.19.${i}.1, 203.0.113.60` }, '10.0.0.2')).statusCode);
    }
    expect(codes.filter((code) => code === 201)).toHaveLength(10);
    expect(codes.slice(10)).toEqual([429, 429]);
  });

  test('two instances on one database share the lead limit (10, not 10 + 10)', async () => {
    const other = await startSecondInstance(server, { env: { TRUST_PROXY: '1', LEADS_RATE_LIMIT: '10' } });
    try {
      const headers = { 'x-forwarded-for': '203.0.113.70' };
      const codes: number[] = [];
      for (let i = 0; i < 10; i += 1) codes.push((await postLead(i % 2 ? other.app : server.app, headers)).statusCode);
      for (let i = 0; i < 4; i += 1) codes.push((await postLead(i % 2 ? other.app : server.app, headers)).statusCode);
      expect(codes.filter((code) => code === 201)).toHaveLength(10);
      expect(codes.slice(10)).toEqual([429, 429, 429, 429]);
    } finally {
      await other.close();
    }
  });

  test('with REDIS_URL, two instances share the lead limit in Redis', async () => {
    const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await redis.connect();
    await redis.flushdb();
    const env = { TRUST_PROXY: '1', LEADS_RATE_LIMIT: '10', REDIS_URL };
    const first = await startSecondInstance(server, { env });
    const other = await startSecondInstance(server, { env });
    try {
      const headers = { 'x-forwarded-for': '203.0.113.80' };
      const codes: number[] = [];
      for (let i = 0; i < 12; i += 1) codes.push((await postLead(i % 2 ? other.app : first.app, headers)).statusCode);
      expect(codes.filter((code) => code === 201)).toHaveLength(10);
      expect(codes.slice(10)).toEqual([429, 429]);
      expect((await redis.keys('college:leads:*')).length).toBeGreaterThan(0);
    } finally {
      await first.close();
      await other.close();
      redis.disconnect();
    }
  });

  test('a burst of sign-ins beyond the hashing queue gets 503 with Retry-After; catalogue reads stay fast', async () => {
    const burst = Array.from({ length: MAX_WAITING_HASHES + 30 }, (_, i) =>
      server.app.inject({
        method: 'POST',
        url: '/api/users/signin',
        remoteAddress: `192.0.2.${(i % 200) + 1}`,
        payload: { email: `flood${i}@test.example`, password: 'wrong password' },
      }),
    );
    const startedRead = Date.now();
    const read = await server.app.inject({ method: 'GET', url: '/api/courses' });
    const readMs = Date.now() - startedRead;
    const answers = await Promise.all(burst);
    const busy = answers.filter((res) => res.statusCode === 503);
    expect(busy.length).toBeGreaterThan(0);
    expect(busy[0]?.json()).toEqual({ message: HASHING_BUSY_MESSAGE });
    expect(busy[0]?.headers['retry-after']).toBe('5');
    expect(answers.every((res) => [401, 503].includes(res.statusCode))).toBe(true);
    expect(read.statusCode).toBe(200);
    expect(readMs).toBeLessThan(1000);
  }, 60_000);
});
