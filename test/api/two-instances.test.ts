/**
 * The product is stateless apart from its database: two instances on one PostgreSQL behind a real
 * nginx (docs/deploy/nginx.conf, ports filled in) share sessions, the sign-in throttle, the lead
 * limit and the mail queue (each mail sent once, not once per instance). That a catalogue change
 * saved through one shows on the other within a second is a budget, timed alone after the suite
 * (test/budgets/catalogue-propagation.test.ts). Needs nginx
 * (apt-get install nginx-light; .ci/run installs it) and TEST_DATABASE_URL.
 */
import crypto from 'node:crypto';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/database';
import { startServer, type RunningServer } from '../../server/server';
import { MAX_FAILURES_PER_IP } from '../../server/auth/signin-throttle';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { startSmtpSink, type SmtpSink } from '../support/smtp';
import { validLead } from '../support/lead-fixtures';

const START_TIMEOUT_MS = 180_000;
const nginxPath = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((candidate) => fs.existsSync(candidate)) ?? null;
if (process.env.CI && !nginxPath) throw new Error('nginx is missing: CI must install nginx-light (see .ci/run).');
const describeBehindNginx = nginxPath && process.env.TEST_DATABASE_URL ? describe : describe.skip;

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** docs/deploy/nginx.conf with this test's ports, and the paths nginx needs to run unprivileged. */
function nginxConfig(listen: number, upstreams: number[], prefix: string): string {
  const example = fs.readFileSync(path.resolve('docs/deploy/nginx.conf'), 'utf8');
  const servers = upstreams.map((port) => `server 127.0.0.1:${port};`).join('\n    ');
  return example
    .replace(/server 127\.0\.0\.1:3001;\s*server 127\.0\.0\.1:3002;/, servers)
    .replace('listen 80;', `listen 127.0.0.1:${listen};`)
    .replace(
      'http {',
      `pid ${prefix}/nginx.pid;\nerror_log ${prefix}/error.log;\nhttp {\n  access_log off;\n  client_body_temp_path ${prefix}/body;\n  proxy_temp_path ${prefix}/proxy;`,
    );
}

describeBehindNginx('two instances behind nginx on one PostgreSQL', () => {
  let db: TestDatabase;
  let smtp: SmtpSink;
  const instances: RunningServer[] = [];
  /** The instances' data folders and nginx's prefix, removed afterwards. */
  const folders: string[] = [];
  let nginx: ChildProcess;
  let base = '';

  beforeAll(async () => {
    db = await createTestDatabase('postgres');
    smtp = await startSmtpSink();
    // Instances on one database share the key that seals queued reset mails (README, Security).
    const secretsKey = crypto.randomBytes(32).toString('base64');
    for (let i = 0; i < 2; i += 1) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `college-instance-${i}-`));
      folders.push(dataDir);
      const config = loadConfig({
        SECRETS_KEY: secretsKey,
        DATA_DIR: dataDir,
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'silent',
        TRUST_PROXY: '1',
        LEADS_RATE_LIMIT: '10',
        SMTP_URL: smtp.url,
        ADMIN_EMAIL: 'admin@test.example',
        ADMIN_PASSWORD: 'correct horse battery staple',
      });
      // Each instance has its own connection pool to the same database, as separate processes would.
      const own = await openDatabase({ databaseUrl: db.url, schema: db.schema ?? undefined, onError: () => undefined });
      instances.push(await startServer(config, { db: own, logger: false }));
    }
    const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'college-nginx-'));
    folders.push(prefix);
    const listen = await freePort();
    const ports = instances.map((instance) => Number(new URL(instance.url).port));
    fs.writeFileSync(`${prefix}/nginx.conf`, nginxConfig(listen, ports, prefix));
    execFileSync(nginxPath as string, ['-t', '-q', '-p', prefix, '-c', `${prefix}/nginx.conf`]);
    nginx = spawn(nginxPath as string, ['-p', prefix, '-c', `${prefix}/nginx.conf`, '-g', 'daemon off;'], { stdio: 'ignore' });
    base = `http://127.0.0.1:${listen}`;
    for (let i = 0; i < 100; i += 1) {
      if (
        await fetch(`${base}/api/health`).then(
          (res) => res.ok,
          () => false,
        )
      )
        break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }, START_TIMEOUT_MS);

  afterAll(async () => {
    nginx?.kill('SIGTERM');
    for (const instance of instances) await instance.close();
    await smtp?.close();
    await db?.close();
    for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
  }, START_TIMEOUT_MS);

  const post = (url: string, body: object, headers: Record<string, string> = {}) =>
    fetch(`${base}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

  test('a session made through one instance works on both', async () => {
    const signin = await post('/api/users/signin', { email: 'admin@test.example', password: 'correct horse battery staple' });
    expect(signin.status).toBe(200);
    const { token } = (await signin.json()) as { token: string };
    // nginx alternates between the two upstreams.
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      statuses.push((await fetch(`${base}/api/users/me`, { headers: { authorization: `Bearer ${token}` } })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
  });

  test('the lead limit counts across both, whatever X-Forwarded-For the client writes', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      const res = await post('/api/leads', validLead({ email: `nginx${i}@example.com` }), { 'x-forwarded-for': `203.0.113.${i}` });
      codes.push(res.status);
    }
    expect(codes.slice(0, 10)).toEqual(Array(10).fill(201));
    expect(codes.slice(10)).toEqual([429, 429]);
  });

  test('the sign-in throttle counts across both', async () => {
    const wrong = (i: number) => post('/api/users/signin', { email: `nobody${i}@test.example`, password: 'wrong password' });
    // nginx alternates: the first failure goes through one instance, the second through the other.
    expect((await wrong(0)).status).toBe(401);
    // The address the instances saw, and failures from it up to the last one before the limit.
    const { rows } = await db.pool.query<{ ip: string }>(`SELECT ip FROM signin_attempts WHERE email = 'nobody0@test.example'`);
    const ip = rows[0]?.ip ?? '';
    await db.pool.query(
      `INSERT INTO signin_attempts (email, ip, success) SELECT 'earlier' || g || '@test.example', $1, false FROM generate_series(1, $2) g`,
      [ip, MAX_FAILURES_PER_IP - 2],
    );
    expect((await wrong(1)).status).toBe(401);
    expect((await wrong(2)).status).toBe(429);
    expect((await wrong(3)).status).toBe(429);
  });

  test('a queued mail is sent once, not once per instance', async () => {
    const res = await post('/api/users/reset-password', { email: 'admin@test.example' });
    expect(res.status).toBe(200);
    await smtp.waitForMail('admin@test.example', 20_000);
    // Both workers have had time to look at the queue again.
    await new Promise((resolve) => setTimeout(resolve, 4000));
    expect(smtp.messages.filter((mail) => mail.to.includes('admin@test.example'))).toHaveLength(1);
  }, 40_000);
});
