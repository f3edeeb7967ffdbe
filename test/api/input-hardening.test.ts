/**
 * Security issue, items 1, 7, 9, 10 on both databases: text PostgreSQL cannot store is refused
 * with a 400 naming the field (never a 500, never acknowledged); an Idempotency-Key is bound to
 * its payload (same key, other payload: 422, in the table and in the outage spool); the spool is
 * capped and its depth reported by /api/health; the HTTP server ends slow requests.
 */
import fs from 'node:fs';
import net from 'node:net';
import Fastify from 'fastify';
import { handleError, UNSTORABLE_VALUE_MESSAGE } from '../../server/http/errors';
import { startTestServer, type TestServer } from '../support/server';
import { testDatabaseKinds } from '../support/database';
import { staffToken, validLead } from '../support/lead-fixtures';
import { openDatabase, type Database } from '../../server/db/database';
import { leadSpoolDir } from '../../server/leads/spool';
import { IDEMPOTENCY_CONFLICT_MESSAGE, LEAD_SUCCESS_MESSAGE, SPOOL_FULL_MESSAGE } from '../../server/leads/lead-routes';
import { unstorableTextMessage } from '../../server/http/unstorable-text';
import { HEADERS_TIMEOUT_MS } from '../../server/http/timeouts';

const START_TIMEOUT_MS = 120_000;
let seq = 0;
const freshKey = () => `hardening-${Date.now()}-${(seq += 1)}`;

describe.each(testDatabaseKinds())('input hardening (%s)', (kind) => {
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer({ kind, listen: false, env: { LEADS_RATE_LIMIT: '10000', LEAD_SPOOL_MAX: '3' } });
    token = await staffToken(server);
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await server.close();
  });

  const postLead = (body: unknown, key = freshKey()) =>
    server.app.inject({
      method: 'POST',
      url: '/api/leads',
      headers: { 'content-type': 'application/json', 'idempotency-key': key },
      payload: JSON.stringify(body),
    });
  const leadCount = async () => Number((await server.db.pool.query('SELECT count(*) AS n FROM leads')).rows[0].n);

  describe('NUL characters', () => {
    test('in a lead field: 400 in the widget shape naming the field, nothing stored, and a retry the same', async () => {
      const before = await leadCount();
      for (let attempt = 0; attempt < 2; attempt += 1) {
        const res = await postLead(validLead({ first_name: 'A\u0000B' }), 'nul-lead-key-1');
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({
          status: 'error',
          message: unstorableTextMessage('first_name'),
          errors: { first_name: unstorableTextMessage('first_name') },
        });
      }
      expect(await leadCount()).toBe(before);
    });

    test('in an attribution extra or a field name', async () => {
      const extra = await postLead(validLead({ utm_campaign: 'fall\u0000' }));
      expect(extra.statusCode).toBe(400);
      expect(extra.json().errors).toHaveProperty('utm_campaign');
      const key = await postLead({ ...validLead(), 'x\u0000y': 1 });
      expect(key.statusCode).toBe(400);
    });

    test('in the sign-in e-mail, the reset request, search and the CRM filters: 400 with a message', async () => {
      const answers = await Promise.all([
        server.app.inject({ method: 'POST', url: '/api/users/signin', payload: { email: 'a\u0000@b.c', password: 'whatever123' } }),
        server.app.inject({ method: 'POST', url: '/api/users/reset-password', payload: { email: 'a\u0000@b.c' } }),
        server.app.inject({ method: 'GET', url: '/api/search?q=a%00b' }),
        server.app.inject({ method: 'GET', url: '/api/crm/leads?q=a%00b', headers: { authorization: `Bearer ${token}` } }),
        server.app.inject({ method: 'GET', url: '/api/crm/leads/%00', headers: { authorization: `Bearer ${token}` } }),
        server.app.inject({ method: 'GET', url: '/api/courses/details/a%00b' }),
      ]);
      for (const res of answers) {
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toMatch(/NUL character/);
      }
    });
  });

  test('a data exception raised by the database itself (SQLSTATE 22xxx) becomes a 400, never a 500', async () => {
    const app = Fastify();
    app.setErrorHandler(handleError);
    // The database's own refusal of a NUL, as any route that missed the early check would meet it.
    app.get('/probe', async () => server.db.pool.query('SELECT $1::text AS value', ['a\u0000b']));
    const res = await app.inject({ method: 'GET', url: '/probe' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: UNSTORABLE_VALUE_MESSAGE });
    await app.close();
  });

  describe('Idempotency-Key bound to the payload', () => {
    test('same key and payload: one lead, both 201; same key, other payload: 422 and the first kept', async () => {
      const key = freshKey();
      const first = await postLead(validLead({ email: 'first@example.com' }), key);
      const again = await postLead(validLead({ email: 'first@example.com' }), key);
      expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
      const other = await postLead(validLead({ email: 'second@example.com' }), key);
      expect(other.statusCode).toBe(422);
      expect(other.json()).toEqual({ status: 'error', message: IDEMPOTENCY_CONFLICT_MESSAGE });
      const { rows } = await server.db.pool.query('SELECT email FROM leads WHERE idempotency_key = $1', [key]);
      expect(rows).toEqual([{ email: 'first@example.com' }]);
    });

    describe('during an outage (the spool)', () => {
      let unreachable: Database;
      let reachable: Database;
      beforeAll(async () => {
        unreachable = await openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:1/nowhere', onError: () => undefined });
      });
      beforeEach(() => {
        reachable = server.ctx.db;
        server.ctx.db = unreachable;
        fs.rmSync(leadSpoolDir(server.config.dataDir), { recursive: true, force: true });
      });
      afterEach(() => {
        server.ctx.db = reachable;
      });
      afterAll(async () => {
        await unreachable.close();
      });

      test('a spooled key with another payload is refused (422) and the spooled file is not replaced', async () => {
        const key = freshKey();
        expect((await postLead(validLead({ email: 'spooled@example.com' }), key)).statusCode).toBe(201);
        const file = `${leadSpoolDir(server.config.dataDir)}/${key}.json`;
        const content = fs.readFileSync(file, 'utf8');
        expect((await postLead(validLead({ email: 'spooled@example.com' }), key)).statusCode).toBe(201);
        const other = await postLead(validLead({ email: 'intruder@example.com' }), key);
        expect(other.statusCode).toBe(422);
        expect(fs.readFileSync(file, 'utf8')).toBe(content);
      });

      test('the spool is capped: beyond LEAD_SPOOL_MAX a 503 with a message; /api/health reports the depth', async () => {
        for (let i = 0; i < 3; i += 1) {
          const res = await postLead(validLead({ email: `cap${i}@example.com` }));
          expect(res.json()).toEqual({ status: 'success', message: LEAD_SUCCESS_MESSAGE });
        }
        const full = await postLead(validLead({ email: 'cap-overflow@example.com' }));
        expect(full.statusCode).toBe(503);
        expect(full.json()).toEqual({ status: 'error', message: SPOOL_FULL_MESSAGE });
        const health = await server.app.inject({ method: 'GET', url: '/api/health' });
        expect(health.json()).toMatchObject({ database: 'down', spooled_leads: 3 });
      });
    });
  });
});

describe('server timeouts', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ listen: true });
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await server.close();
  });

  test(
    'a client that never finishes its headers is cut off (408 or closed) after the headers timeout',
    async () => {
      const { port } = new URL(server.url ?? '');
      const socket = net.connect(Number(port), '127.0.0.1');
      socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\n');
      const started = Date.now();
      const answer = await new Promise<string>((resolve) => {
        let data = '';
        socket.on('data', (chunk) => (data += chunk.toString()));
        socket.on('close', () => resolve(data));
      });
      const elapsed = Date.now() - started;
      expect(answer === '' || answer.startsWith('HTTP/1.1 408')).toBe(true);
      expect(elapsed).toBeLessThan(HEADERS_TIMEOUT_MS + 5_000);
    },
    HEADERS_TIMEOUT_MS + 30_000,
  );
});
