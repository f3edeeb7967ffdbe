/**
 * Budget: leads under load (50 connections, 60 s) with PostgreSQL restarted mid-run:
 * 0 acknowledged leads lost, 0 duplicated, 0 5xx.
 */
import { execFileSync, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { need, startServer, stop } from './tools.mjs';

const PORT = 3903;
const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/college_bench_leads';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);

export async function runLeadsBench() {
  need('wrk');
  need('pg_ctlcluster');
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query('DROP DATABASE IF EXISTS college_bench_leads');
  await admin.query('CREATE DATABASE college_bench_leads');
  await admin.end();

  const server = await startServer(PORT, { DATABASE_URL, LEADS_RATE_LIMIT: '100000000' });
  const runId = `bench${Date.now()}`;
  const script = fileURLToPath(new URL('./post-lead.lua', import.meta.url));
  const load = spawn(
    'taskset',
    ['-c', '1', 'wrk', '-t2', '-c50', `-d${SECONDS}s`, '--timeout', '10s', '-s', script, `http://127.0.0.1:${PORT}`, '--', runId],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let output = '';
  load.stdout.on('data', (chunk) => (output += chunk));

  await new Promise((r) => setTimeout(r, (SECONDS * 1000) / 3));
  const cluster = execFileSync('bash', ['-c', 'ls /etc/postgresql | sort -V | tail -n 1'], { encoding: 'utf8' }).trim();
  console.log(`restarting PostgreSQL ${cluster} at t=${Math.round(SECONDS / 3)} s ...`);
  execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', cluster, 'main', 'restart', '-m', 'fast'], { stdio: 'inherit' });
  await new Promise((resolve) => load.once('exit', resolve));

  const statusLine = /STATUSES (\{.*\})/.exec(output)?.[1];
  if (!statusLine) throw new Error(`wrk did not report the answers' statuses:\n${output}`);
  const statuses = JSON.parse(statusLine);
  const acknowledged = Object.entries(statuses)
    .filter(([code]) => code.startsWith('2'))
    .reduce((n, [, c]) => n + c, 0);
  const fiveXx = Object.entries(statuses)
    .filter(([code]) => code.startsWith('5'))
    .reduce((n, [, c]) => n + c, 0);

  // Leads written to the spool during the outage are replayed within seconds; wait until quiet.
  const db = new pg.Client({ connectionString: DATABASE_URL });
  await db.connect();
  let rows = -1;
  for (let i = 0; i < 60; i++) {
    const {
      rows: [count],
    } = await db.query('SELECT count(*)::int AS n, count(DISTINCT email)::int AS d FROM leads WHERE email LIKE $1', [`${runId}-%`]);
    if (count.n === rows && count.n >= acknowledged) break;
    rows = count.n;
    await new Promise((r) => setTimeout(r, 1000));
  }
  const {
    rows: [final],
  } = await db.query('SELECT count(*)::int AS n, count(DISTINCT email)::int AS d FROM leads WHERE email LIKE $1', [`${runId}-%`]);
  await db.end();
  const alive = server.exitCode === null;
  await stop(server);

  const requests = /(\d+) requests in/.exec(output)?.[1] ?? '?';
  const rps = /Requests\/sec:\s+([\d.]+)/.exec(output)?.[1] ?? '?';
  const lost = Math.max(0, acknowledged - final.d);
  const duplicated = final.n - final.d;
  console.log(`leads: ${requests} requests (${rps} req/s), statuses ${JSON.stringify(statuses)}`);
  console.log(
    `leads: acknowledged ${acknowledged}, stored ${final.n}, lost ${lost}, duplicated ${duplicated}, 5xx ${fiveXx}, server alive after run: ${alive}`,
  );
  if (lost || duplicated || fiveXx || !alive) process.exitCode = 1;
}
