/**
 * A bad environment stops the built server before it starts anything, with a message naming the
 * variable (it used to start on the default port or limit without a word).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const MAIN = path.resolve('dist/server/main.mjs');

async function start(env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [MAIN], { env: { PATH: process.env.PATH, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  clearTimeout(timer);
  return { code, output };
}

test('a bad PORT or LEADS_RATE_LIMIT stops the start with a message naming each, and touches no data', async () => {
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'college-config-'));
  const dataDir = path.join(parent, 'data');
  try {
    const { code, output } = await start({ DATA_DIR: dataDir, PORT: 'eighty', LEADS_RATE_LIMIT: '0', HOST: '127.0.0.1' });
    expect(code).toBe(1);
    expect(output).toContain('PORT must be a whole number from 0 to 65535');
    expect(output).toMatch(/LEADS_RATE_LIMIT must be a whole number from 1 /);
    expect(output).not.toContain('listening');
    expect(fs.existsSync(dataDir)).toBe(false);
  } finally {
    fs.rmSync(parent, { recursive: true, force: true });
  }
}, 60_000);
