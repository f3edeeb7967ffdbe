/**
 * Budgets (issues 13 and 30), one run each:
 *  - Leads on PostgreSQL >= 0.45x a bare INSERT of the same row by pgbench, 50 connections, in the same
 *    run (both measured against one fresh database); 0 lost, 0 duplicated.
 *  - Their follow-up (server/lead-life/) keeps pace: every lead of the burst notified and assigned
 *    within 60 s of its end, and >= 300 leads/s followed up end to end (stored leads over the time
 *    from the burst's start until the last of them was notified and assigned).
 *  - Leads on PGlite (the default, no DATABASE_URL): p99 <= 500 ms at 50 connections, 0 errors.
 * The server is pinned to CPU 0 and the load generators to CPU 1 (tools.mjs); PostgreSQL uses both.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { need, requestsPerSecond, startServer, stop, wrk } from './tools.mjs';
import { assignedAfter, enableAssignmentRule, secondsUntilNone } from './assignment-setup.mjs';

// Overridable so that two benches on one machine do not meet on one port or database.
const PORT = Number(process.env.BENCH_PORT ?? 3904);
const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DATABASE = process.env.BENCH_DATABASE ?? 'college_bench_ratio';
const DATABASE_URL = `postgres://postgres@127.0.0.1:5432/${DATABASE}`;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const SCRIPT = fileURLToPath(new URL('./post-lead.lua', import.meta.url));

/** A bare INSERT of the row a lead stores (same columns and sizes, a fresh id and key each time). */
const PGBENCH_INSERT = `\\set n random(1, 1000000000)
INSERT INTO leads (id, idempotency_key, first_name, last_name, email, phone, lead_type, address, source,
  course_id, course_type, location, financial_aid, stage, status, created_at, updated_at, payload_hash)
VALUES (substr(md5(random()::text || :n), 1, 24), 'pgbench-' || :client_id || '-' || :n || '-' || random(), 'Bench', 'Lead',
  'pgbench@example.com', '+14165550123', 1, '', 1, NULL, NULL, 1, false, 1, 1, now(), now(), 'x')
ON CONFLICT (idempotency_key) DO NOTHING;
`;

async function freshDatabase() {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${DATABASE}`);
  await admin.query(`CREATE DATABASE ${DATABASE}`);
  await admin.end();
}

async function storedLeads(runId) {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  const { rows } = await client.query(
    `SELECT count(*)::int AS stored, count(DISTINCT idempotency_key)::int AS distinct_keys FROM leads WHERE idempotency_key LIKE $1`,
    [`${runId}-%`],
  );
  await client.end();
  return rows[0];
}

function acknowledged(output) {
  const statuses = JSON.parse(/STATUSES (\{.*\})/.exec(output)?.[1] ?? '{}');
  const count = (prefix) =>
    Object.entries(statuses)
      .filter(([code]) => code.startsWith(prefix))
      .reduce((n, [, c]) => n + c, 0);
  return { ok: count('2'), failed: count('4') + count('5') };
}

/**
 * Seconds after the burst until the lead's follow-up has queued every stored lead's notification mails
 * (it renders them from the lead rows, server/leads/lead-notifier.ts); null if not within 5 minutes.
 */
function notificationsQueuedAfter() {
  return secondsUntilNone(DATABASE_URL, 'SELECT count(*)::int AS n FROM leads WHERE notify_pending');
}

/** p99 from wrk --latency output, in ms. */
function p99(output) {
  const match = /99%\s+([\d.]+)(us|ms|s)\b/.exec(output);
  if (!match) return NaN;
  return Number(match[1]) * { us: 0.001, ms: 1, s: 1000 }[match[2]];
}

export async function runLeadsRatioBench() {
  need('wrk');
  need('pgbench');
  await freshDatabase();
  const server = await startServer(PORT, { DATABASE_URL, LEADS_RATE_LIMIT: '100000000' });
  const runId = `ratio${Date.now()}`;
  let ours;
  let bare;
  try {
    await enableAssignmentRule(`http://127.0.0.1:${PORT}`);
    wrk(['-t1', '-c10', '-d3s', '-s', SCRIPT, `http://127.0.0.1:${PORT}`, '--', `${runId}warm`]); // JIT and pool warm-up
    const output = wrk(['-t2', '-c50', `-d${SECONDS}s`, '--latency', '-s', SCRIPT, `http://127.0.0.1:${PORT}`, '--', runId]);
    ours = { rate: requestsPerSecond(output), p99: p99(output), ...acknowledged(output), ...(await storedLeads(runId)) };
    const burstEnded = Date.now();
    ours.notifiedAfter = await notificationsQueuedAfter();
    ours.assignedAfter = await assignedAfter(DATABASE_URL);
    ours.followedUpAfter = (Date.now() - burstEnded) / 1000;
    ours.processed = ours.stored / (SECONDS + ours.followedUpAfter);
  } finally {
    await stop(server);
  }
  const dir = mkdtempSync(join(tmpdir(), 'college-pgbench-'));
  writeFileSync(join(dir, 'insert.sql'), PGBENCH_INSERT);
  const pgbench = execFileSync(
    'taskset',
    ['-c', '1', 'pgbench', '-n', '-c50', '-j2', `-T${SECONDS}`, '-f', join(dir, 'insert.sql'), DATABASE_URL],
    { encoding: 'utf8' },
  );
  bare = Number(/tps = ([\d.]+)/.exec(pgbench)?.[1] ?? 0);

  const ratio = ours.rate / bare;
  console.log(
    `\nLeads on PostgreSQL, 50 connections, ${SECONDS} s: ${ours.rate.toFixed(0)} req/s (p99 ${ours.p99.toFixed(0)} ms); pgbench bare INSERT ${bare.toFixed(0)} tps; ratio ${ratio.toFixed(2)}x (budget >= 0.45x)`,
  );
  console.log(
    `  every stored lead's two notification mails queued ${ours.notifiedAfter === null ? 'NOT within 5 minutes' : `${ours.notifiedAfter.toFixed(1)} s`} after the burst`,
  );
  console.log(
    `  with an assignment rule on: every stored lead assigned ${ours.assignedAfter === null ? 'NOT within 5 minutes' : `${ours.assignedAfter.toFixed(1)} s`} after that`,
  );
  console.log(
    `  followed up end to end: ${ours.processed.toFixed(0)} leads/s (budget >= 300), the last ${ours.followedUpAfter.toFixed(1)} s after the burst (budget <= 60 s)`,
  );
  console.log(
    `  acknowledged ${ours.ok}, stored ${ours.stored}, distinct ${ours.distinct_keys}, failed ${ours.failed} (lost ${Math.max(0, ours.ok - ours.stored)}, duplicated ${ours.stored - ours.distinct_keys})`,
  );
  const keptPace = ours.processed >= 300 && ours.followedUpAfter <= 60 && ours.assignedAfter !== null;
  if (ratio < 0.45 || ours.stored < ours.ok || ours.stored !== ours.distinct_keys || ours.notifiedAfter === null || !keptPace) {
    process.exitCode = 1;
  }

  const pglite = await startServer(PORT, { LEADS_RATE_LIMIT: '100000000' });
  try {
    await enableAssignmentRule(`http://127.0.0.1:${PORT}`);
    wrk(['-t1', '-c10', '-d3s', '-s', SCRIPT, `http://127.0.0.1:${PORT}`, '--', `${runId}pglitewarm`]);
    const output = wrk(['-t2', '-c50', `-d${SECONDS}s`, '--latency', '-s', SCRIPT, `http://127.0.0.1:${PORT}`, '--', `${runId}pglite`]);
    const result = { rate: requestsPerSecond(output), p99: p99(output), ...acknowledged(output) };
    console.log(
      `Leads on PGlite, 50 connections, ${SECONDS} s: ${result.rate.toFixed(0)} req/s, p99 ${result.p99.toFixed(0)} ms (budget <= 500 ms), ${result.failed} errors`,
    );
    if (!(result.p99 <= 500) || result.failed > 0) process.exitCode = 1;
  } finally {
    await stop(pglite);
  }
}
