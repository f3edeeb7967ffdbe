/** Shared pieces of the benchmarks: starting our server, waiting for it, running wrk. */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export function need(command) {
  try {
    execFileSync('which', [command], { stdio: 'ignore' });
  } catch {
    console.error(`${command} is not installed (apt-get install ${command === 'nginx' ? 'nginx-light' : command}).`);
    process.exit(1);
  }
}

/** Starts dist/server/main.mjs pinned to CPU 0 with a fresh data folder; resolves when healthy. */
export async function startServer(port, env = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'college-bench-'));
  const child = spawn('taskset', ['-c', '0', process.execPath, 'dist/server/main.mjs'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: 'bench@example.com',
      ADMIN_PASSWORD: 'bench-password-123',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // The data folder and the key file the server writes beside it go with the process.
  child.once('exit', () => {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(`${dataDir}.secrets-key`, { force: true });
  });
  await waitFor(`http://127.0.0.1:${port}/api/health`, 60_000);
  return child;
}

export async function waitFor(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not come up within ${timeoutMs} ms`);
}

/** Runs wrk on CPU 1 and returns its stdout. */
export function wrk(args) {
  return execFileSync('taskset', ['-c', '1', 'wrk', ...args], { encoding: 'utf8' });
}

export function requestsPerSecond(wrkOutput) {
  const match = /Requests\/sec:\s+([\d.]+)/.exec(wrkOutput);
  return match ? Number(match[1]) : 0;
}

export function stop(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
}

/** A PostgreSQL database of the benchmark's own, dropped and made anew for each run. */
export async function freshDatabase(adminUrl, database) {
  const admin = new pg.Pool({ connectionString: adminUrl, max: 1 });
  for (const statement of [`DROP DATABASE IF EXISTS ${database}`, `CREATE DATABASE ${database}`]) await admin.query(statement);
  await admin.end();
}
