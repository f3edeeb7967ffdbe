/**
 * `npm run bench -- --inbox` (issue 23): the staff inbox at a college's real size. A million leads
 * (BENCH_LEADS) are loaded into a PostgreSQL database of their own (scripts/bench/inbox-data.mjs),
 * then a started server is asked through its real HTTP routes, signed in as staff: the first
 * page, every filter, search by fragments of names, e-mails and phones, the dashboard and its
 * charts (p50/p95 of sequential requests), and the CSV export of every lead, with the server's
 * memory sampled while it streams. Budgets: lists and searches p95 <= 50 ms, dashboard and charts
 * <= 150 ms, the export in constant memory. The database is dropped afterwards.
 */
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { startServer, stop } from './tools.mjs';
import { insertLeads, insertStaff, searchFragments } from './inbox-data.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 3905);
const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DATABASE = process.env.BENCH_DATABASE ?? 'college_bench_inbox';
const DATABASE_URL = `postgres://postgres@127.0.0.1:5432/${DATABASE}`;
const LEADS = Number(process.env.BENCH_LEADS ?? 1_000_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
// BENCH_KEEP=1: keep the database afterwards and reuse it when it already holds BENCH_LEADS leads
// (a load takes minutes on a shared machine; re-runs after a change then only migrate it).
const KEEP = process.env.BENCH_KEEP === '1';

const byNumber = (a, b) => a - b;
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function admin(sql) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  await client.query(sql);
  await client.end();
}

async function load(reuse) {
  const db = new pg.Client({ connectionString: DATABASE_URL });
  await db.connect();
  try {
    if (!reuse) {
      await insertStaff(db);
      await insertLeads(db, LEADS);
    }
    const { rows } = await db.query("SELECT id FROM users WHERE email = 'counsellor7@bench.example'");
    return { counsellor: rows[0].id.trim(), fragments: await searchFragments(db, LEADS) };
  } finally {
    await db.end();
  }
}

async function signIn(base) {
  const res = await fetch(`${base}/api/users/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bench@example.com', password: 'bench-password-123' }),
  });
  const answer = await res.json();
  if (!answer.token) throw new Error(`sign-in failed: ${JSON.stringify(answer)}`);
  return { authorization: `Bearer ${answer.token}` };
}

/** p50/p95 of ROUNDS passes over `paths` (each path asked once per pass), after one warm-up pass. */
async function timePaths(base, auth, paths) {
  const times = [];
  const byPath = new Map(paths.map((path) => [path, []]));
  let note = '';
  for (let round = -1; round < ROUNDS; round++) {
    for (const path of paths) {
      const started = performance.now();
      const res = await fetch(`${base}${path}`, { headers: auth });
      const body = await res.json();
      const ms = performance.now() - started;
      if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(body)}`);
      if (round >= 0) times.push(ms);
      if (round >= 0) byPath.get(path).push(ms);
      if ('total' in body) note = `${body.total_capped ? 'more than ' : ''}${body.total.toLocaleString('en')} leads`;
    }
  }
  times.sort(byNumber);
  // BENCH_DETAIL=1: each path's own p95, slowest first, to see which fragment sets a case's p95.
  const worst = [...byPath].map(([path, list]) => [path, percentile(list.sort(byNumber), 95)]).sort((a, b) => b[1] - a[1]);
  const slowest = worst
    .slice(0, 4)
    .map(([path, ms]) => `${decodeURIComponent(path.split('q=')[1] ?? path)} ${ms.toFixed(0)} ms`)
    .join(', ');
  return { p50: percentile(times, 50), p95: percentile(times, 95), note: paths.length > 1 ? `${paths.length} queries` : note, slowest };
}

const rssKb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);

/** The whole file, read as it streams, with the server's resident memory sampled meanwhile. */
async function exportAll(base, auth, pid) {
  const before = rssKb(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssKb(pid))), 100);
  const started = performance.now();
  const res = await fetch(`${base}/api/crm/leads.csv`, { headers: auth });
  let bytes = 0;
  let lines = 0;
  for await (const chunk of res.body) {
    bytes += chunk.length;
    for (const byte of chunk) if (byte === 10) lines++;
  }
  clearInterval(sampler);
  return { status: res.status, seconds: (performance.now() - started) / 1000, bytes, rows: lines - 1, before, peak };
}

/** Whether the database exists and already holds LEADS leads (BENCH_KEEP re-runs). */
async function loaded() {
  const db = new pg.Client({ connectionString: DATABASE_URL });
  try {
    await db.connect();
    const { rows } = await db.query('SELECT count(*)::int AS n FROM leads');
    return rows[0].n === LEADS;
  } catch {
    return false;
  } finally {
    await db.end().catch(() => {});
  }
}

export async function runInboxBench() {
  const reuse = KEEP && (await loaded());
  if (!reuse) {
    await admin(`DROP DATABASE IF EXISTS ${DATABASE}`);
    await admin(`CREATE DATABASE ${DATABASE}`);
  }
  try {
    await stop(await startServer(PORT, { DATABASE_URL })); // migrates and seeds
    const { counsellor, fragments } = await load(reuse);
    if (reuse) console.log(`inbox: reusing ${DATABASE} (${LEADS.toLocaleString('en')} leads)`);
    const server = await startServer(PORT, { DATABASE_URL });
    const base = `http://127.0.0.1:${PORT}`;
    try {
      const auth = await signIn(base);
      const leads = (query) => `/api/crm/leads${query}`;
      const q = (list) => list.map((text) => leads(`?q=${encodeURIComponent(text)}`));
      const cases = [
        ['first page', [leads('')]],
        ['page 2', [leads('?page=2')]],
        ['stage=1 (new)', [leads('?stage=1')]],
        ['stage=5', [leads('?stage=5')]],
        ['stage=8', [leads('?stage=8')]],
        ['owner=me', [leads('?owner=me')]],
        ['owner=none', [leads('?owner=none')]],
        ['owner=a counsellor', [leads(`?owner=${counsellor}`)]],
        ['source=3', [leads('?source=3')]],
        ['course_type=2', [leads('?course_type=2')]],
        ['location=2', [leads('?location=2')]],
        ['stage=2&owner=me', [leads('?stage=2&owner=me')]],
        ['source=4&location=2&course_type=1', [leads('?source=4&location=2&course_type=1')]],
        ['owner + stage + source', [leads(`?owner=${counsellor}&stage=6&source=3`)]],
        ['search: name fragment', q(fragments.name)],
        ['search: e-mail fragment', q(fragments.email)],
        ['search: first name + last start', q(fragments.firstAndLast)],
        ['search: last name', q(fragments.lastName)],
        ['search: e-mail local part', q(fragments.localPart)],
        ['search: phone fragment', q(fragments.phone)],
        ['search: phone last 4 digits', q(fragments.phoneEnd)],
        ['search: 2-3 letters', q(fragments.short)],
        ['search: common fragment', q(fragments.common)],
        ['search + owner=me', fragments.name.slice(0, 5).map((text) => leads(`?owner=me&q=${encodeURIComponent(text)}`))],
        ['dashboard', ['/api/crm/dashboard']],
        ['dashboard charts', ['/api/crm/dashboard/charts']],
      ];
      const results = [];
      for (const [name, paths] of cases) {
        const result = await timePaths(base, auth, paths);
        const budget = name.startsWith('dashboard') ? 150 : 50;
        results.push({ name, ...result, budget });
        console.log(
          `inbox: ${name.padEnd(36)} p50 ${result.p50.toFixed(1).padStart(6)} ms  p95 ${result.p95.toFixed(1).padStart(6)} ms  (budget ${budget})  ${result.note}`,
        );
        if (process.env.BENCH_DETAIL === '1' && paths.length > 1) console.log(`inbox:   slowest: ${result.slowest}`);
      }
      console.log(
        `inbox: fragments: names ${fragments.name.join(', ')}; e-mails ${fragments.email.join(', ')}; phones ${fragments.phone.join(', ')}`,
      );
      // BENCH_CSV=0 skips the export (ten minutes on a loaded core) when only the queries changed.
      const file =
        process.env.BENCH_CSV === '0'
          ? { status: 0, rows: LEADS, bytes: 0, seconds: 0, before: 0, peak: 0 }
          : await exportAll(base, auth, server.pid);
      console.log(
        `inbox: CSV of every lead: ${file.status}, ${file.rows.toLocaleString('en')} rows, ${(file.bytes / 1048576).toFixed(0)} MB in ${file.seconds.toFixed(1)} s; server RSS ${(file.before / 1024).toFixed(0)} MB before, peak ${(file.peak / 1024).toFixed(0)} MB while streaming`,
      );
      const over = results.filter((r) => r.p95 > r.budget);
      if (over.length || file.rows !== LEADS) process.exitCode = 1;
      console.log(
        over.length ? `inbox: OVER BUDGET: ${over.map((r) => r.name).join(', ')}` : 'inbox: every list, search and dashboard within budget',
      );
    } finally {
      await stop(server);
    }
  } finally {
    if (!KEEP) await admin(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
  }
}
