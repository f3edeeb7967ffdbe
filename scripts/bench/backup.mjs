/**
 * `npm run bench -- --backup` (issue 32): 100,000 leads (BENCH_LEADS) in a PostgreSQL database of
 * their own; `npm run backup` from the running server's database while /api/health is asked every
 * 20 ms; `npm run restore` of that file into an empty PostgreSQL database and into an empty
 * DATA_DIR; then a server on that embedded database, backed up through its control socket under
 * the same health sampling. Budgets: backup <= 60 s, restore <= 120 s, health p95 <= 50 ms.
 */
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { insertLeads, insertStaff } from './inbox-data.mjs';
import { startServer, stop } from './tools.mjs';

const run = promisify(execFile);
const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const LEADS = Number(process.env.BENCH_LEADS ?? 100_000);
const SOURCE = 'college_bench_backup';
const TARGET = 'college_bench_restored';
const urlOf = (database) => `postgres://postgres@127.0.0.1:5432/${database}`;
const SECRETS_KEY = crypto.randomBytes(32).toString('base64');

async function admin(sql) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  await client.query(sql);
  await client.end();
}

/** Asks /api/health every 20 ms until stopped; resolves with the answer times, sorted (ms). */
function sampleHealth(base) {
  let running = true;
  const times = [];
  const done = (async () => {
    while (running) {
      const started = performance.now();
      const res = await fetch(`${base}/api/health`);
      await res.arrayBuffer();
      times.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return times.sort((a, b) => a - b);
  })();
  return () => {
    running = false;
    return done;
  };
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

/** Runs one of the product's commands (`--backup`, `--restore FILE`) as an operator would; resolves with its seconds and output. */
async function command(args, env) {
  const started = performance.now();
  const { stdout, stderr } = await run(process.execPath, ['dist/server/main.mjs', ...args], {
    env: { ...process.env, LOG_LEVEL: 'warn', SECRETS_KEY, ...env },
    maxBuffer: 16 * 1024 * 1024,
  });
  return { seconds: (performance.now() - started) / 1000, output: `${stdout}${stderr}` };
}

async function backupUnderSampling(base, env) {
  const stopSampling = sampleHealth(base);
  const { seconds, output } = await command(['--backup'], env);
  const times = await stopSampling();
  const file = /^Backup written: (\S+)/m.exec(output)?.[1];
  if (!file) throw new Error(`no backup written:\n${output}`);
  return { file, seconds, p50: percentile(times, 50), p95: percentile(times, 95), max: times.at(-1) ?? 0, samples: times.length };
}

export async function runBackupBench() {
  const backupDir = mkdtempSync(join(tmpdir(), 'college-bench-backups-'));
  const embedded = mkdtempSync(join(tmpdir(), 'college-bench-embedded-'));
  const results = [];
  await admin(`DROP DATABASE IF EXISTS ${SOURCE} WITH (FORCE)`);
  await admin(`DROP DATABASE IF EXISTS ${TARGET} WITH (FORCE)`);
  await admin(`CREATE DATABASE ${SOURCE}`);
  await admin(`CREATE DATABASE ${TARGET}`);
  try {
    const common = { SECRETS_KEY, BACKUP_DIR: backupDir, BACKUP_TIME: 'off' };
    const server = await startServer(3906, { DATABASE_URL: urlOf(SOURCE), ...common });
    try {
      const db = new pg.Client({ connectionString: urlOf(SOURCE) });
      await db.connect();
      await insertStaff(db);
      await insertLeads(db, LEADS);
      await db.end();
      const backup = await backupUnderSampling('http://127.0.0.1:3906', { DATABASE_URL: urlOf(SOURCE), ...common });
      results.push({ step: `backup, PostgreSQL, ${LEADS.toLocaleString('en-CA')} leads`, ...backup });
      const intoPostgres = await command(['--restore', backup.file], { DATABASE_URL: urlOf(TARGET), ...common });
      results.push({ step: 'restore into an empty PostgreSQL database', seconds: intoPostgres.seconds });
      const intoEmbedded = await command(['--restore', backup.file], { DATA_DIR: embedded, ...common });
      results.push({ step: 'restore into an empty DATA_DIR (PGlite)', seconds: intoEmbedded.seconds });
    } finally {
      await stop(server);
    }
    const pgliteServer = await startServer(3907, { DATA_DIR: embedded, ...common });
    try {
      const backup = await backupUnderSampling('http://127.0.0.1:3907', { DATA_DIR: embedded, ...common });
      results.push({ step: 'backup, PGlite (through the running server)', ...backup });
    } finally {
      await stop(pgliteServer);
    }
  } finally {
    rmSync(backupDir, { recursive: true, force: true });
    rmSync(embedded, { recursive: true, force: true });
    await admin(`DROP DATABASE IF EXISTS ${SOURCE} WITH (FORCE)`);
    await admin(`DROP DATABASE IF EXISTS ${TARGET} WITH (FORCE)`);
  }
  console.log('\nBackups and restores (budgets: backup <= 60 s, restore <= 120 s, /api/health p95 <= 50 ms during a backup)');
  for (const result of results) {
    const health =
      result.p95 === undefined
        ? ''
        : `; /api/health p50 ${result.p50.toFixed(1)} ms, p95 ${result.p95.toFixed(1)} ms, max ${result.max.toFixed(0)} ms over ${result.samples} answers`;
    const budget = result.step.startsWith('backup') ? 60 : 120;
    const ok = result.seconds <= budget && (result.p95 === undefined || result.p95 <= 50);
    console.log(`  ${ok ? 'ok  ' : 'MISS'} ${result.step}: ${result.seconds.toFixed(1)} s${health}`);
  }
}
