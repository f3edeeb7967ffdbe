/**
 * /metrics: off without METRICS_TOKEN, behind the token with it, in Prometheus's text format, and
 * counting what happens (requests by route pattern, leads, refused sign-ins, queue depths).
 */
import { startTestServer, type TestServer } from '../support/server';
import { validLead } from '../support/lead-fixtures';

const START_TIMEOUT_MS = 120_000;
const TOKEN = 'metrics-token-for-tests-0123456789';

/** The value of one sample line, e.g. `leads_created_total 3`. */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((entry) => entry.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : NaN;
}

describe('metrics', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { METRICS_TOKEN: TOKEN } });
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await server?.close();
  });
  const scrape = async () => {
    const res = await server.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    return res.body;
  };

  test('need the token: none or a wrong one is 401 with a message', async () => {
    for (const headers of [{}, { authorization: 'Bearer wrong' }]) {
      const res = await server.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toMatch(/METRICS_TOKEN|Bearer/);
    }
  });

  test('count leads, refused sign-ins and requests by route pattern; report the queues', async () => {
    const before = await scrape();
    const lead = await server.app.inject({ method: 'POST', url: '/api/leads', payload: validLead() });
    expect(lead.statusCode).toBe(201);
    await server.app.inject({ method: 'POST', url: '/api/users/signin', payload: { email: 'admin@test.example', password: 'wrong one' } });
    await server.app.inject({ method: 'GET', url: '/api/crm/leads/abc' });
    const after = await scrape();
    expect(sample(after, 'leads_created_total')).toBe(sample(before, 'leads_created_total') + 1);
    expect(sample(after, 'signin_failures_total')).toBe(sample(before, 'signin_failures_total') + 1);
    expect(after).toMatch(/http_request_duration_seconds_count\{method="POST",route="\/api\/leads",status_code="201"\} 1/);
    // The pattern, not the URL: ids do not create series of their own.
    expect(after).toContain('route="/api/crm/leads/:id"');
    expect(after).not.toContain('/api/crm/leads/abc');
    expect(sample(after, 'lead_spool_depth')).toBe(0);
    expect(sample(after, 'catalogue_active_courses')).toBeGreaterThan(10);
    expect(after).toMatch(/mail_queue_depth\{state="waiting"\} \d+/);
    expect(after).toMatch(/^lead_notifications_pending \d+$/m);
    expect(after).toContain('process_cpu_seconds_total');
  });

  test('the health check is one clean 200 (no second send ending it as a 500 behind the client)', async () => {
    // Over real HTTP: an async handler that sends without returning was answered twice there.
    const res = await fetch(`${server.url}/api/health`);
    expect(res.status).toBe(200);
    await res.text();
    const after = await scrape();
    expect(after).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/api\/health",status_code="200"\} 1/);
    expect(after).not.toMatch(/route="\/api\/health",status_code="500"/);
  });

  test('count the answers of the cached fast path, which the request metrics do not see (issue 30)', async () => {
    const before = sample(await scrape(), 'fast_path_answers_total');
    for (let i = 0; i < 2; i += 1) expect((await fetch(`${server.url}/api/courses`)).status).toBe(200);
    expect(sample(await scrape(), 'fast_path_answers_total')).toBe(before + 2);
  });
});

test(
  'without METRICS_TOKEN, /metrics is off (404 with a message)',
  async () => {
    const server = await startTestServer({ listen: false });
    try {
      const res = await server.app.inject({ method: 'GET', url: '/metrics' });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toContain('METRICS_TOKEN');
    } finally {
      await server.close();
    }
  },
  START_TIMEOUT_MS,
);
