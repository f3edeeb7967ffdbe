/** Starting, killing and stopping the server in a child process (test/support/server-child.ts). */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { TestDatabase } from './database';

export interface ChildServer {
  process: ChildProcess;
  url: string;
  /** SIGKILL: no handler runs, nothing is flushed. */
  kill(): Promise<void>;
  /** SIGTERM: the server closes as in production. */
  stop(): Promise<void>;
}

export interface ChildOptions {
  db: TestDatabase | null;
  dataDir: string;
  smtpUrl: string;
  secretsKey: string;
  followLeads?: boolean;
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((resolve) => child.once('exit', resolve));

export async function startChildServer(options: ChildOptions): Promise<ChildServer> {
  const child = spawn(
    process.execPath,
    ['--import', path.resolve('test/support/ts-loader.mjs'), path.resolve('test/support/server-child.ts')],
    {
      env: {
        PATH: process.env.PATH,
        DATA_DIR: options.dataDir,
        SMTP_URL: options.smtpUrl,
        SECRETS_KEY: options.secretsKey,
        CHILD_DATABASE_URL: options.db?.url ?? '',
        CHILD_SCHEMA: options.db?.schema ?? '',
        CHILD_FOLLOW_LEADS: options.followLeads === false ? '0' : '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(chunk));
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening (\S+)/.exec(out);
      if (match?.[1]) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`the server child exited (${String(code)}) before listening`)));
  });
  return {
    process: child,
    url,
    async kill() {
      child.kill('SIGKILL');
      await exited(child);
    },
    async stop() {
      child.kill('SIGTERM');
      await exited(child);
    },
  };
}
