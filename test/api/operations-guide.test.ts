/**
 * docs/operations.md promises that its restore drill is a set of commands the tests run: this
 * reads the drill's block from the document and runs it, line by line, as the built product (each
 * `npm run <name> -- …` is `node scripts/start.mjs --<name> …`, which package.json is checked to
 * say, and runs dist/server/main.mjs): a backup of a data folder, its restore into a drill folder,
 * the migration status there, and a server started on it that answers.
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

const MAIN = path.resolve('dist/server/main.mjs');
/** The drill builds and starts the product twice: minutes beside the suite on a loaded machine. */
const TIMEOUT_MS = 480_000;

/** The shell block after the "A restore drill" paragraph. */
function drillLines(): string[] {
  const doc = fs.readFileSync('docs/operations.md', 'utf8');
  const block = /\*\*A restore drill\*\*[\s\S]*?```sh\n([\s\S]*?)```/.exec(doc)?.[1] ?? '';
  return block.split('\n').filter(Boolean);
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === 'object' && address ? address.port : 0;
}

interface Step {
  env: Record<string, string>;
  args: string[];
  serves: boolean;
}

/** `A=1 B=2 npm run restore -- FILE` → env, main.mjs arguments; `npm start` → a server. */
function parse(line: string): Step {
  const words = line.split(/\s+/);
  const env: Record<string, string> = {};
  while (/^[A-Z_]+=/.test(words[0] ?? '')) {
    const [name, value] = (words.shift() ?? '').split('=');
    env[name ?? ''] = value ?? '';
  }
  if (words.join(' ') === 'npm start') return { env, args: [], serves: true };
  const [npm, runWord, name, ...rest] = words;
  if (npm !== 'npm' || runWord !== 'run' || !name) throw new Error(`not a command the drill test knows: ${line}`);
  const scripts = (JSON.parse(fs.readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts;
  expect(scripts[name]).toBe(`node scripts/start.mjs --${name}`);
  return { env, args: [`--${name}`, ...rest.filter((word) => word !== '--')], serves: false };
}

function run(step: Step, env: Record<string, string>, until?: RegExp): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [MAIN, ...step.args], {
    env: { PATH: process.env.PATH, ...env, ...step.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (until?.test(output)) child.kill('SIGTERM');
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

test(
  'the restore drill in docs/operations.md runs as written',
  async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'college-drill-'));
    try {
      const dataDir = path.join(root, 'data');
      fs.mkdirSync(dataDir, { mode: 0o700 });
      const pglite = new PGlite(path.join(dataDir, 'pgdata'), {
        extensions: { pg_trgm },
        loadDataDir: new Blob([fs.readFileSync(process.env.PGLITE_TEMPLATE ?? '')]),
      });
      await pglite.waitReady;
      await pglite.close();
      const env = {
        DATA_DIR: dataDir,
        SECRETS_KEY: crypto.randomBytes(32).toString('base64'),
        LOG_LEVEL: 'info',
        LOG_FORMAT: 'json',
        HOST: '127.0.0.1',
        BACKUP_TIME: 'off',
        DIST_DIR: path.resolve('dist'),
      };
      const lines = drillLines();
      expect(lines.length).toBe(4);
      let backupFile = '';
      for (const line of lines) {
        const step = parse(line.replace('./drill', path.join(root, 'drill')));
        step.args = step.args.map((arg) => (arg.startsWith('data-backups/') ? backupFile : arg));
        if (step.env.PORT) step.env.PORT = String(await freePort());
        const { code, output } = await run(step, env, step.serves ? /listening on/ : undefined);
        if (step.args[0] === '--backup') {
          expect(code).toBe(0);
          backupFile = /^Backup written: (\S+)/m.exec(output)?.[1] ?? '';
          expect(path.dirname(backupFile)).toBe(`${dataDir}-backups`);
        } else if (step.args[0] === '--restore') {
          expect({ code, output }).toEqual({
            code: 0,
            output: expect.stringMatching(/every member matches its manifest[\s\S]*Restored [\d,]+ rows/),
          });
        } else if (step.args[0] === '--migrate') {
          expect({ code, output }).toEqual({
            code: 0,
            output: expect.stringMatching(/Pending \(0\):\n {2}none: the database is up to date/),
          });
        } else {
          expect(output).toMatch(/listening on http:\/\/127\.0\.0\.1:\d+/);
        }
      }
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  },
  TIMEOUT_MS,
);
