/**
 * Issue 30 on both databases: a lead merged before its follow-up ran (server/lead-life/) is still
 * owed its inquiry's mails, but the tombstone is never assigned, enrolled or checked as a repeat;
 * the kept lead's follow-up runs as for any lead.
 */
import { startTestServer, type TestServer } from '../support/server';
import { testDatabaseKinds } from '../support/database';
import { staffToken, validLead } from '../support/lead-fixtures';
import { newId } from '../../server/auth/tokens';

const START_TIMEOUT_MS = 120_000;

describe.each(testDatabaseKinds())('a merge before the follow-up (%s)', (kind) => {
  let server: TestServer;
  let token: string;
  const q = <T extends object>(sql: string, values: unknown[] = []) => server.db.pool.query<T>(sql, values).then((r) => r.rows);
  const api = (method: 'GET' | 'POST', url: string, payload?: object) =>
    server.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    server = await startTestServer({ kind, listen: false, followLeads: false, env: { LEADS_RATE_LIMIT: '10000' } });
    token = await staffToken(server);
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await server.close();
  });

  async function inquiry(first_name: string, email: string): Promise<string> {
    const res = await server.app.inject({ method: 'POST', url: '/api/leads', payload: validLead({ first_name, email }) });
    expect(res.statusCode).toBe(201);
    const [row] = await q<{ id: string }>('SELECT id FROM leads WHERE email = $1', [email]);
    return row!.id.trim();
  }

  test('the tombstone is notified but gets no owner; the kept lead gets both', async () => {
    const counsellor = newId();
    await q(
      `INSERT INTO users (id, name, email, password_hash, role, status, password_set)
       VALUES ($1, 'Rosa Park', 'rosa@test.example', 'not-a-hash', 'counsellor', 1, true)`,
      [counsellor],
    );
    const rule = await api('POST', '/api/crm/assignment/rules', {
      name: 'Everyone',
      enabled: true,
      course_type: null,
      location: null,
      cap: null,
      member_ids: [counsellor],
    });
    expect(rule.statusCode).toBe(201);
    const keep = await inquiry('Nadia', 'nadia.keep@example.com');
    const gone = await inquiry('Omar', 'omar.gone@example.com');

    const merged = await api('POST', '/api/crm/leads/merge', { keepId: keep, mergeId: gone });
    expect(merged.statusCode).toBe(200);
    await server.ctx.leadLife.settle();

    const rows = await q<{ id: string; owner_id: string | null; pending: boolean }>(
      `SELECT id, owner_id, (repeat_pending OR notify_pending OR assign_pending OR sequence_pending) AS pending
         FROM leads WHERE id = ANY($1::char(24)[]) ORDER BY email`,
      [[keep, gone]],
    );
    expect(rows.map((row) => [row.id.trim(), row.owner_id?.trim() ?? null, row.pending])).toEqual([
      [keep, counsellor, false],
      [gone, null, false],
    ]);
    const tasks = await q<{ lead_id: string }>('SELECT lead_id FROM activities WHERE owner_id = $1', [counsellor]);
    expect(tasks.map((task) => task.lead_id.trim())).toEqual([keep]);
    // Each person who inquired hears back once: the merge does not cancel what the tombstone is owed.
    const confirmations = await q<{ to_address: string }>(
      `SELECT to_address FROM mail_queue WHERE to_address IN ('nadia.keep@example.com', 'omar.gone@example.com') ORDER BY to_address`,
    );
    expect(confirmations.map((mail) => mail.to_address)).toEqual(['nadia.keep@example.com', 'omar.gone@example.com']);
  });
});
