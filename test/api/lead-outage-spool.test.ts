/**
 * The outage spool on both databases: a lead accepted while the database is unreachable is kept
 * on disk and written exactly once when the database answers again. The "unreachable database"
 * here is a real pg pool pointed at a closed port (real ECONNREFUSED); see lead-outage.test.ts for
 * the cut-the-wire test against PostgreSQL.
 */
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { startTestServer, type TestServer } from '../support/server';
import { bothDatabaseKinds } from '../support/database';
import { validLead } from '../support/lead-fixtures';
import { openDatabase, type Database } from '../../server/db/database';
import { leadSpoolDir, replaySpool, spoolLead } from '../../server/leads/spool';
import type { LeadRecord } from '../../server/leads/lead-record';
import { LEAD_SUCCESS_MESSAGE } from '../../server/leads/lead-routes';

/** Starting a server (clone, migrate, seed, first admin) can take long on a busy 2-core machine. */
const START_TIMEOUT_MS = 120_000;

function record(key: string): LeadRecord {
  return {
    id: crypto.randomBytes(12).toString('hex'),
    idempotency_key: key,
    first_name: 'Spool',
    last_name: 'Test',
    email: 'spool@example.com',
    phone: '+14165550123',
    lead_type: 1,
    address: '',
    source: 1,
    course_id: null,
    course_type: null,
    location: 1,
    financial_aid: false,
    utm_source: 'newsletter',
    utm_medium: null,
    utm_campaign: null,
    utm_term: null,
    utm_content: null,
    landing_page: null,
    referrer: null,
    created_at: '2026-01-02T03:04:05.000Z',
  };
}

describe.each(bothDatabaseKinds())('lead spool (%s)', (kind) => {
  let server: TestServer;
  let unreachable: Database;
  let spoolDir: string;

  beforeAll(async () => {
    server = await startTestServer({ kind, listen: false, env: { LEADS_RATE_LIMIT: '10000' } });
    spoolDir = leadSpoolDir(server.config.dataDir);
    unreachable = await openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:1/nowhere', onError: () => undefined });
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await unreachable.close();
    await server.close();
  });

  const rowsByKey = async (key: string) => (await server.db.pool.query('SELECT * FROM leads WHERE idempotency_key = $1', [key])).rows;
  const spooled = () => (fs.existsSync(spoolDir) ? fs.readdirSync(spoolDir).filter((f) => f.endsWith('.json')) : []);

  test('a spooled lead is written whole, then replayed once and its file removed', async () => {
    const lead = record('spool-whole-1');
    await spoolLead(server.config.dataDir, lead);
    expect(JSON.parse(fs.readFileSync(path.join(spoolDir, 'spool-whole-1.json'), 'utf8'))).toEqual(lead);
    expect(fs.readdirSync(spoolDir).filter((f) => f.endsWith('.tmp'))).toEqual([]);

    // Spooled twice (a double submit during the outage) and replayed twice: still one row.
    await spoolLead(server.config.dataDir, lead);
    await replaySpool(server.ctx, server.app.log);
    await spoolLead(server.config.dataDir, lead);
    await replaySpool(server.ctx, server.app.log);
    const rows = await rowsByKey('spool-whole-1');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ first_name: 'Spool', utm_source: 'newsletter', stage: 1, status: 1 });
    expect(new Date(rows[0].created_at).toISOString()).toBe(lead.created_at);
    expect(spooled()).toEqual([]);
  });

  test('an unreadable spool file is set aside, never deleted, and does not block the others', async () => {
    fs.mkdirSync(spoolDir, { recursive: true });
    fs.writeFileSync(path.join(spoolDir, 'aaa-corrupt-file.json'), '{"first_name": "half');
    await spoolLead(server.config.dataDir, record('spool-after-corrupt'));
    await replaySpool(server.ctx, server.app.log);
    expect(await rowsByKey('spool-after-corrupt')).toHaveLength(1);
    expect(fs.existsSync(path.join(spoolDir, 'failed', 'aaa-corrupt-file.json'))).toBe(true);
    expect(spooled()).toEqual([]);
  });

  test('while the database is unreachable, leads are acknowledged, spooled, and stored once it is back', async () => {
    const reachable = server.ctx.db;
    server.ctx.db = unreachable;
    const keys = ['outage-key-0001', 'outage-key-0002', 'outage-key-0002'];
    try {
      for (const key of keys) {
        const res = await server.app.inject({
          method: 'POST',
          url: '/api/leads',
          headers: { 'content-type': 'application/json', 'idempotency-key': key },
          payload: validLead({ email: `${key}@example.com` }),
        });
        expect(res.statusCode).toBe(201);
        expect(res.json()).toEqual({ status: 'success', message: LEAD_SUCCESS_MESSAGE });
      }
      expect(spooled().sort()).toEqual(['outage-key-0001.json', 'outage-key-0002.json']);
      // A replay while still down keeps every file.
      expect(await replaySpool(server.ctx, server.app.log)).toEqual({ replayed: 0, pending: 2 });
      expect(spooled()).toHaveLength(2);
    } finally {
      server.ctx.db = reachable;
    }
    // The server's own replay loop (every few seconds) writes them.
    const deadline = Date.now() + 15_000;
    while (spooled().length > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(spooled()).toEqual([]);
    expect(await rowsByKey('outage-key-0001')).toHaveLength(1);
    expect(await rowsByKey('outage-key-0002')).toHaveLength(1);
  });
});
