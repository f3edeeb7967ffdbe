import { startTestServer, type TestServer } from '../support/server';
import { testDatabaseKinds } from '../support/database';
import { validLead } from '../support/lead-fixtures';
import { LEAD_RATE_LIMIT_MESSAGE } from '../../server/leads/lead-routes';

/** Starting a server (clone, migrate, seed, first admin) can take long on a busy 2-core machine. */
const START_TIMEOUT_MS = 120_000;

describe.each(testDatabaseKinds())('lead rate limit (%s)', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    // No LEADS_RATE_LIMIT: the default of 10 per minute per client address applies.
    server = await startTestServer({ kind, listen: false });
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await server.close();
  });

  const post = (remoteAddress: string, n: number) =>
    server.app.inject({
      method: 'POST',
      url: '/api/leads',
      remoteAddress,
      headers: { 'content-type': 'application/json', 'idempotency-key': `rate-${remoteAddress.replace(/\D/g, '')}-${n}` },
      payload: validLead({ email: `rate${n}@example.com` }),
    });

  test('the 11th lead within a minute from one address gets 429 with a message; others are unaffected', async () => {
    for (let n = 1; n <= 10; n += 1) expect((await post('203.0.113.7', n)).statusCode).toBe(201);
    const limited = await post('203.0.113.7', 11);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ status: 'error', message: LEAD_RATE_LIMIT_MESSAGE });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    const { rows } = await server.db.pool.query("SELECT count(*) AS n FROM leads WHERE idempotency_key LIKE 'rate-20301137-%'");
    expect(Number(rows[0].n)).toBe(10);

    expect((await post('198.51.100.20', 1)).statusCode).toBe(201);
  });

  test('the limit applies to lead creation only, not to other API calls', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '203.0.113.7' });
    expect(res.statusCode).toBe(200);
  });
});
