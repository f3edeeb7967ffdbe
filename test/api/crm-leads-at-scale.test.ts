/**
 * The inbox's queries made for a million leads (issue 23, migration 025), on both databases:
 * fragment search answers exactly what the old sequential ILIKE answered, the indexes are used,
 * totals from lead_tallies stay exact through inserts, stage changes, deletes and folding,
 * counts beyond the cap say so, and the CSV streams in batches with every lead once (a cursor on
 * PostgreSQL, keyset pages on PGlite), read from the database only as fast as it is taken.
 */
import { startTestServer, type TestServer } from '../support/server';
import { bothDatabaseKinds } from '../support/database';
import { staffToken } from '../support/lead-fixtures';
import type { StaffLeadPage } from '../../src/contract';
import { foldLeadTallies } from '../../server/crm/lead-tallies';
import type { Pool } from 'pg';
import { CSV_BATCH, leadsCsv, torontoMinute } from '../../server/crm/leads-csv';
import { knownOrigins } from '../../server/repeat/partner-origins';
import { toTorontoLocalInput } from '../../src/college-time';
import { SEARCH_COUNT_CAP } from '../../server/crm/leads-store';
import { SHORT_SEARCH_COUNT_CAP, searchCountCap, searchLeadPage } from '../../server/crm/lead-search-page';
import { searchCondition } from '../../server/crm/lead-search';
import { leadQuerySchema, leadWhere } from '../../server/crm/lead-filters';

const START_TIMEOUT_MS = 120_000;

/** The search as it was before migration 025: every lead read and matched by ILIKE. */
function oldSearchSql(q: string): [string, unknown[]] {
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const digits = q.replace(/\D/g, '');
  const byDigits = digits.length >= 3 && /^[\d\s()+.-]+$/.test(q);
  return [
    `SELECT id FROM leads l WHERE (l.first_name || ' ' || l.last_name) ILIKE $1 OR (l.last_name || ' ' || l.first_name) ILIKE $1
       OR l.email ILIKE $1 OR l.phone ILIKE $1 ${byDigits ? `OR regexp_replace(l.phone, '[^0-9]', '', 'g') LIKE $2` : ''}
     ORDER BY l.created_at DESC, l.id DESC`,
    byDigits ? [pattern, `%${digits}%`] : [pattern],
  ];
}

const PEOPLE: [string, string, string, string][] = [
  ['Mohammed', 'Ali', 'mohammed.ali77@gmail.com', '+14165550199'],
  ['Ann', 'Lee', 'x@y.com', '+1 (647) 555-0123'],
  ['Priya', 'Patel', 'ppatel_2024@outlook.com', '+19055551234'],
  ['Zoë', "O'Brien", 'zoe.obrien@example.ca', '+33612345678'],
  ['Li', 'Wei', 'li.wei%50@example.com', '416-555-7777'],
  ['Ana', 'Costa', 'ana_costa@yahoo.ca', '+14375550100'],
];

const QUERIES = [
  'ohamm',
  'MED ALI',
  'ali moh',
  'ed.al',
  'd.ali77@gm',
  'atel',
  'tel pri',
  'ppatel_2',
  'pp%tel',
  'ATEL_',
  "o'bri",
  'zoë',
  'ZOË O',
  'ann x@',
  'lee ann',
  'ee x',
  '555 01',
  '5550',
  '416-555',
  '(647) 555',
  '4165557777',
  '6475550123',
  '+336',
  '555-0123',
  '41',
  '%50',
  '%',
  '_',
  'a',
  'x@y',
  'nobody',
  '99',
  // Digits alone: three or more are looked for in every text; one or two never in the digits-only one.
  '75',
  '555',
  '0123',
  // Across words and punctuation (migration 029 indexes the texts without them): the exact text decides.
  'mmed A',
  'mohammedali',
  'med.ali7',
  'ali77gm',
  'tel_20',
  'patel20',
  'ee X@Y',
  "n o'b",
  'ZoëO',
  '+1 (6',
  '(647)',
  'wei%50@',
  'ana_c',
  'anac',
];

test("the CSV's Received time, read once per hour, is toTorontoLocalInput's minute (DST changes included)", () => {
  // Every 37 minutes through March and November 2026 (both clock changes) and a leap day.
  for (const start of ['2026-03-01T00:00:00Z', '2026-10-25T00:00:00Z', '2024-02-28T00:00:00Z']) {
    for (let at = Date.parse(start); at < Date.parse(start) + 20 * 86_400_000; at += 37 * 60_000 + 13_000) {
      const iso = new Date(at).toISOString();
      expect(torontoMinute(iso)).toBe(toTorontoLocalInput(new Date(at)).replace('T', ' '));
    }
  }
});

/** The export's batch reads among `statements`: FETCHes of its cursor (PostgreSQL) or its keyset pages (PGlite). */
const exportBatches = (statements: string[]) =>
  statements.filter(
    (sql) =>
      sql.startsWith(`FETCH ${CSV_BATCH} FROM lead_batches`) ||
      (sql.includes(`LIMIT ${CSV_BATCH}`) && sql.includes('place_at FROM leads l')),
  );

/**
 * Every statement sent on any connection from now until stop(): the pool's and checked-out clients'
 * alike, seen by wrapping the client class's query (no mocking: each still runs).
 */
async function watchStatements(pool: Pool): Promise<{ statements: string[]; stop(): void }> {
  const client = await pool.connect();
  const prototype = Object.getPrototypeOf(client) as { query: (...args: unknown[]) => unknown };
  client.release();
  const original = prototype.query;
  const statements: string[] = [];
  prototype.query = function watched(this: unknown, ...args: unknown[]) {
    if (typeof args[0] === 'string') statements.push(args[0]);
    return original.apply(this, args);
  };
  return {
    statements,
    stop() {
      prototype.query = original;
    },
  };
}

/** Resolves once `check` holds (within 5 s). */
async function eventually(check: () => boolean): Promise<void> {
  for (let tries = 0; tries < 100 && !check(); tries += 1) await new Promise((resolve) => setTimeout(resolve, 50));
  expect(check()).toBe(true);
}

describe.each(bothDatabaseKinds())('leads inbox at scale (%s)', (kind) => {
  let server: TestServer;
  let token: string;
  const auth = () => ({ authorization: `Bearer ${token}` });
  const page = async (query: string) => {
    const res = await server.app.inject({ method: 'GET', url: `/api/crm/leads${query}`, headers: auth() });
    expect(res.statusCode).toBe(200);
    return res.json<StaffLeadPage>();
  };
  const count = async (where = 'true') =>
    Number((await server.db.pool.query<{ n: string }>(`SELECT count(*) AS n FROM leads WHERE ${where}`)).rows[0]?.n);

  beforeAll(async () => {
    server = await startTestServer({ kind, listen: false });
    token = await staffToken(server);
    for (const [index, [first, last, email, phone]] of PEOPLE.entries()) {
      await server.db.pool.query(
        `INSERT INTO leads (id, first_name, last_name, email, phone, source, location, created_at)
         VALUES (substr(md5($1), 1, 24), $2, $3, $4, $5, 1, 1, now() - $6 * interval '1 minute')`,
        [email, first, last, email, phone, index],
      );
    }
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await server.close();
  });

  test('fragment search answers what the old full scan answered, fragments in the middle included', async () => {
    for (const q of QUERIES) {
      const [sql, params] = oldSearchSql(q);
      const expected = (await server.db.pool.query<{ id: string }>(sql, params)).rows.map((row) => row.id.trim());
      const answer = await page(`?page_size=100&q=${encodeURIComponent(q)}`);
      expect({ q, ids: answer.leads.map((lead) => lead._id) }).toEqual({ q, ids: expected });
      expect(answer.total).toBe(expected.length);
    }
    // Found in the middle of a name, of an e-mail, of a formatted phone's digits; never across two texts.
    expect((await page('?q=ohamm')).leads.map((lead) => lead.last_name)).toEqual(['Ali']);
    expect((await page('?q=d.ali77%40gm')).total).toBe(1);
    expect((await page('?q=6475550123')).leads.map((lead) => lead.first_name)).toEqual(['Ann']);
    expect((await page('?q=ann%20x%40')).total).toBe(0);
  });

  test('a search is an index scan of the trigram index (PostgreSQL plans)', async () => {
    if (kind !== 'postgres') return;
    const client = await server.db.pool.connect();
    try {
      await client.query('SET enable_seqscan = off');
      for (const q of ['ohamm', 'med Ali', 'ed.al', '647 555']) {
        const params: unknown[] = [];
        const plan = await client.query<{ 'QUERY PLAN': string }>(
          `EXPLAIN SELECT id FROM leads l WHERE ${searchCondition(q, params)}`,
          params,
        );
        expect({ q, plan: plan.rows.map((row) => row['QUERY PLAN']).join('\n') }).toEqual({
          q,
          plan: expect.stringContaining('leads_search_squashed_trgm_idx') as unknown,
        });
      }
    } finally {
      await client.query('RESET enable_seqscan');
      client.release();
    }
  });

  test("an owner's, a stage's and the whole inbox's listed leads are read in their index alone (PostgreSQL plans)", async () => {
    if (kind !== 'postgres') return;
    const client = await server.db.pool.connect();
    try {
      // The table is tiny here: without these the planner would read it whole, whatever the indexes.
      await client.query('SET enable_seqscan = off');
      await client.query('SET enable_bitmapscan = off');
      await client.query('VACUUM leads');
      const me = '0123456789abcdef01234567';
      const cases: [string, string][] = [
        ['?owner=me', 'leads_owner_newest_idx'],
        ['?owner=me&stage=2&source=3', 'leads_owner_newest_idx'],
        ['', 'leads_newest_idx'],
        ['?stage=2&location=1', 'leads_stage_newest_idx'],
      ];
      for (const [query, index] of cases) {
        const params: unknown[] = [];
        const where = leadWhere(leadQuerySchema.parse(Object.fromEntries(new URLSearchParams(query))), params, me);
        const plan = await client.query<{ 'QUERY PLAN': string }>(
          `EXPLAIN SELECT l.id FROM leads l ${where} ORDER BY l.created_at DESC, l.id DESC LIMIT 10001`,
          params,
        );
        // Repeat inquiries and merged leads are left out by columns the index carries (migration 030).
        expect({ query, plan: plan.rows.map((row) => row['QUERY PLAN']).join('\n') }).toEqual({
          query,
          plan: expect.stringContaining(`Index Only Scan using ${index}`) as unknown,
        });
      }
    } finally {
      await client.query('RESET enable_seqscan');
      await client.query('RESET enable_bitmapscan');
      client.release();
    }
  });

  test('totals from lead_tallies follow inserts, stage changes, deletes and folding', async () => {
    expect((await page('')).total).toBe(await count());
    const [first] = (await page('?q=ohamm')).leads;
    await server.db.pool.query('UPDATE leads SET stage = 5 WHERE id = $1', [first?._id]);
    expect((await page('?stage=5')).total).toBe(1);
    expect((await page('?stage=1')).total).toBe(await count('stage = 1'));
    expect((await page('?stage=5&location=1&source=1')).total).toBe(1);
    await foldLeadTallies(server.db.pool);
    await foldLeadTallies(server.db.pool);
    const slots = await server.db.pool.query<{ slot: number }>('SELECT DISTINCT slot FROM lead_tallies');
    expect(slots.rows.map((row) => row.slot)).toEqual([0]);
    expect((await page('?stage=5')).total).toBe(1);
    await server.db.pool.query('DELETE FROM leads WHERE id = $1', [first?._id]);
    expect((await page('?stage=5')).total).toBe(0);
    expect((await page('')).total).toBe(await count());
  });

  test('a search matching more than the cap says "more than"; the CSV streams every lead once in batches', async () => {
    // Many leads created in one statement share one created_at: the keyset must still order them by id.
    await server.db.pool.query(
      `INSERT INTO leads (id, first_name, last_name, email, phone, source, location, stage)
       SELECT substr(md5('bulk' || n), 1, 24), 'Bulk', 'Lead ' || n, 'bulk' || n || '@example.com', '+1416555' || lpad(n::text, 4, '0'),
              1 + 2 * (n % 2), 1 + n % 2, 1 + n % 8
         FROM generate_series(1, $1::int) AS n`,
      [CSV_BATCH * 2 + 300],
    );
    const searched = await page('?q=bulk');
    expect(searched).toMatchObject({ total: SEARCH_COUNT_CAP, total_capped: true });
    expect(searched.leads).toHaveLength(20);
    // Two letters have no trigram: the count reads leads in turn, so it stops at a lower cap.
    expect(await page('?q=bu')).toMatchObject({ total: SHORT_SEARCH_COUNT_CAP, total_capped: true });

    // The plan follows the number of matches, the page never does: rare fragments are collected
    // whole, common ones walked newest first, and a walk that cannot fill the page falls back.
    const choose = async (query: string) => {
      const parsed = leadQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)));
      const chosen = await searchLeadPage(server.db.pool, parsed, parsed.q ?? '', 'nobody');
      const [sql, params] = oldSearchSql(parsed.q ?? '');
      const all = (await server.db.pool.query<{ id: string }>(sql, params)).rows.map((row) => row.id.trim());
      const offset = (parsed.page - 1) * parsed.page_size;
      expect({ query, ids: chosen.ids }).toEqual({ query, ids: all.slice(offset, offset + parsed.page_size) });
      expect(chosen.total).toBe(Math.min(all.length, searchCountCap(parsed.q ?? '')));
      return chosen.plan;
    };
    expect(await choose('q=ohamm')).toBe('collected');
    expect(await choose('q=ulk 1')).toBe('collected'); // 1,111 e-mails hold "ulk1", none the fragment
    expect(await choose('q=bulk')).toBe('walked');
    expect(await choose('q=bulk&page=3&page_size=7')).toBe('walked');
    expect(await choose('q=Lead')).toBe('walked');
    expect(await choose('q=ul')).toBe('walked');
    expect(await choose('q=ul&page=400')).toBe('indexed');
    // The last, partial page of a common fragment: the walk cannot fill it, the index answers.
    expect(await choose(`q=bulk&page_size=30&page=${Math.ceil((CSV_BATCH * 2 + 300) / 30)}`)).toBe('indexed');
    expect(await choose('q=bulk&page=500')).toBe('indexed');
    expect(await page('?owner=none')).toMatchObject({ total: await count(), total_capped: false });

    const seen = await watchStatements(server.db.pool);
    const res = await server.app.inject({ method: 'GET', url: '/api/crm/leads.csv?owner=none', headers: auth() }).finally(seen.stop);
    expect(res.statusCode).toBe(200);
    const lines = res.body.split('\r\n').filter(Boolean);
    const expected = await server.db.pool.query<{ email: string }>('SELECT email FROM leads ORDER BY created_at DESC, id DESC');
    expect(lines.slice(1).map((line) => line.split('","')[3])).toEqual(expected.rows.map((row) => row.email));
    expect(exportBatches(seen.statements)).toHaveLength(Math.ceil(expected.rows.length / CSV_BATCH));
    // PostgreSQL reads them from one cursor; PGlite, whose one connection cannot be held, by keyset.
    expect(seen.statements.filter((sql) => sql.startsWith('DECLARE lead_batches'))).toHaveLength(kind === 'postgres' ? 1 : 0);
    const audit = await server.db.pool.query<{ details: { rows: number } }>(
      "SELECT details FROM audit_log WHERE action = 'leads.exported' ORDER BY id DESC LIMIT 1",
    );
    expect(audit.rows[0]?.details.rows).toBe(expected.rows.length);
  });

  test('the CSV is read from the database only as fast as it is taken (back-pressure), and the cursor ends with the stream', async () => {
    const meId = (await server.db.pool.query<{ id: string }>('SELECT trim(id) AS id FROM users LIMIT 1')).rows[0]!.id;
    await server.db.pool.query(
      `INSERT INTO leads (id, first_name, last_name, email, phone, source, location)
       SELECT substr(md5('pressure' || n), 1, 24), 'Slow', 'Reader ' || n, 'slow' || n || '@example.com', '+14165550100', 1, 1
         FROM generate_series(1, $1::int) AS n`,
      [CSV_BATCH * 3],
    );
    const total = await count('parent_lead_id IS NULL AND merged_into IS NULL');
    const open = async () => {
      const query = leadQuerySchema.parse({});
      return (await leadsCsv(server.db, server.ctx.catalogue, knownOrigins(server.config), query, meId)).csv;
    };
    const seen = await watchStatements(server.db.pool);
    try {
      const csv = await open();
      const first: unknown = await new Promise((resolve) => csv.once('readable', () => resolve(csv.read())));
      expect(first).toBeTruthy();
      // The reader pauses for 3 s: the stream holds less than a batch, so the database is not read ahead.
      const pausedUntil = Date.now() + 3000;
      while (Date.now() < pausedUntil && exportBatches(seen.statements).length <= 2)
        await new Promise((resolve) => setTimeout(resolve, 50));
      expect(exportBatches(seen.statements).length).toBeLessThanOrEqual(2);
      let chunks = 1;
      for await (const _chunk of csv) chunks += 1;
      expect(exportBatches(seen.statements)).toHaveLength(Math.ceil(total / CSV_BATCH));
      expect(chunks).toBeGreaterThan(Math.ceil(total / CSV_BATCH));

      // A client that goes away: the stream is destroyed after one batch, and its connection is back in the pool.
      const dropped = await open();
      await new Promise((resolve) => dropped.once('readable', resolve));
      dropped.destroy();
      await new Promise((resolve) => dropped.once('close', resolve));
      await eventually(() => (kind === 'postgres' ? server.db.pool.idleCount === server.db.pool.totalCount : true));
      expect(seen.statements.filter((sql) => sql === 'ROLLBACK')).toHaveLength(kind === 'postgres' ? 2 : 0);
    } finally {
      seen.stop();
    }
  });
});
