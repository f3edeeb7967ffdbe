/**
 * The first start of the built server, as a newcomer runs it (`npm start` runs this same file):
 * a framed start-up block with the site and staff sign-in addresses on the same host name as
 * e-mailed links, and the generated staff account's password, which works and appears in no
 * log line. A second start on the same data shows no password.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const MAIN = path.resolve('dist/server/main.mjs');
const START_TIMEOUT_MS = 180_000;

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Starts the server, waits for the start-up block, stops it; returns everything it printed. */
async function runOnce(dataDir: string, port: number, whileUp: (output: string) => Promise<void>): Promise<string> {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_FORMAT: 'json' };
  const child = spawn(process.execPath, [MAIN], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  try {
    const end = Date.now() + START_TIMEOUT_MS - 10_000;
    while (!output.includes('└') && Date.now() < end && child.exitCode === null) await new Promise((r) => setTimeout(r, 200));
    if (!output.includes('└')) throw new Error(`no start-up block:\n${output}`);
    await whileUp(output);
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
  return output;
}

test(
  'the first start prints the framed block with a working generated password, never logged',
  async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'college-first-run-'));
    const port = await freePort();
    try {
      const first = await runOnce(dataDir, port, async (output) => {
        const password = /Password\s+(\S+)/.exec(output)?.[1] ?? '';
        const email = /E-mail\s+(\S+)/.exec(output)?.[1] ?? '';
        const res = await fetch(`http://127.0.0.1:${port}/api/users/signin`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password }),
        });
        expect(res.status).toBe(200);
      });
      expect(first).toMatch(/┌─+┐/);
      expect(first).toContain(`Staff sign-in    http://localhost:${port}/crm/login`);
      const password = /Password\s+(\S+)/.exec(first)?.[1] ?? '';
      expect(password.length).toBeGreaterThanOrEqual(20);
      const logLines = first.split('\n').filter((line) => line.startsWith('{'));
      expect(logLines.length).toBeGreaterThan(0);
      expect(logLines.filter((line) => line.includes(password))).toEqual([]);
      // The secrets key file: made beside the data folder, owner-only, named in the block with a backup reminder.
      expect(first).toContain(`Secrets key      ${dataDir}.secrets-key (created now)`);
      expect(first).toContain('Back this file up, apart from the data folder');
      expect(fs.statSync(`${dataDir}.secrets-key`).mode & 0o777).toBe(0o600);

      const second = await runOnce(dataDir, port, async () => undefined);
      expect(second).toContain('Staff sign-in');
      expect(second).not.toContain('Password');
      expect(second).toContain(`Secrets key      ${dataDir}.secrets-key `);
      expect(second).not.toContain('(created now)');
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.rmSync(`${dataDir}.secrets-key`, { force: true });
    }
  },
  START_TIMEOUT_MS * 2,
);
