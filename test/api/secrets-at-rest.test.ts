/**
 * Issue 21, "no live secret at rest": with SMTP configured, invitations, password resets and a
 * two-factor enrolment (and, issue 35, a load of registrations and consent mails: cancel, consent
 * and unsubscribe links) leave no usable link and no TOTP secret in any file under DATA_DIR (heap,
 * WAL, logs) of a real embedded database, nor in any row of any table (PGlite and PostgreSQL),
 * before or after delivery. A reset mail queued while the SMTP server refuses survives a restart
 * and is delivered, and its link works: sealed, not lost.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DestinationStream } from 'pino';
import { loadConfig, type Config } from '../../server/config';
import { startServer, type RunningServer } from '../../server/server';
import { startTestServer, type TestServer } from '../support/server';
import { bothDatabaseKinds } from '../support/database';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '../support/smtp';
import { totpCode } from '../support/totp';
import { allRowsAsText, filesUnder, findInFiles, findInText, linksIn, type CapturedLink } from '../support/secrets-scan';
import { eventInput, person } from '../support/events';
import { staffToken, validLead } from '../support/lead-fixtures';
import { commercialMail } from '../../server/consent/commercial-mail';

const START_TIMEOUT_MS = 180_000;
const ADMIN_EMAIL = 'admin@test.example';
const ADMIN_PASSWORD = 'correct horse battery staple';
const NEW_PASSWORD = 'a brand new passphrase for staff';

type Inject = RunningServer['app']['inject'];

/** The API calls the scenario makes, on whichever running server. */
function api(app: { inject: Inject }) {
  let ip = 1;
  const call = (method: 'GET' | 'POST', url: string, token: string | null, payload?: object) =>
    app.inject({
      method,
      url,
      remoteAddress: `10.21.0.${ip++}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(payload ? { payload } : {}),
    });
  return {
    call,
    async signIn(password = ADMIN_PASSWORD): Promise<string> {
      const res = await call('POST', '/api/users/signin', null, { email: ADMIN_EMAIL, password });
      expect(res.statusCode).toBe(200);
      return res.json().token;
    },
    async invite(token: string, name: string, email: string, role: 'admin' | 'counsellor'): Promise<void> {
      expect((await call('POST', '/api/crm/staff', token, { name, email, role })).statusCode).toBe(201);
    },
    async forgot(email = ADMIN_EMAIL): Promise<void> {
      expect((await call('POST', '/api/users/reset-password', null, { email })).statusCode).toBe(200);
    },
    /** Turns two-factor on: returns the secret the authenticator app was given. */
    async enrol(token: string): Promise<string> {
      const setup = await call('POST', '/api/users/two-factor/setup', token, { password: ADMIN_PASSWORD });
      expect(setup.statusCode).toBe(200);
      const secret: string = setup.json().secret;
      expect((await call('POST', '/api/users/two-factor/confirm', token, { code: totpCode(secret) })).statusCode).toBe(200);
      return secret;
    },
  };
}

async function deliverAll(server: RunningServer, sink: SmtpSink, count: number): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (sink.messages.length < count && Date.now() < deadline) {
    await server.ctx.leadLife.settle();
    await server.ctx.mailer.flush();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  expect(sink.messages.length).toBeGreaterThanOrEqual(count);
}

const captured = (sink: SmtpSink): CapturedLink[] => sink.messages.flatMap(linksIn);

/** Every file and folder under `root` that a user other than the owner may read, write or enter. */
function readableByOthers(root: string): string[] {
  return [root, ...fs.readdirSync(root, { recursive: true, encoding: 'utf8' }).map((name) => path.join(root, name))].filter(
    (entry) => (fs.lstatSync(entry).mode & 0o077) !== 0,
  );
}

/** What an older version (umask 022) left: folders 0755, files 0644. */
function openToOthers(root: string): void {
  for (const entry of [root, ...fs.readdirSync(root, { recursive: true, encoding: 'utf8' }).map((name) => path.join(root, name))]) {
    fs.chmodSync(entry, fs.statSync(entry).isDirectory() ? 0o755 : 0o644);
  }
}

/** The personal links of a delivered mail (cancel, consent, unsubscribe; List-Unsubscribe included). */
function personalTokens(mail: ReceivedMail): string[] {
  const raw = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/gi, '=');
  return [...raw.matchAll(/(?:unsubscribe|email-preferences|events\/registration)\?token=([A-Za-z0-9_-]{40,})/g)].map((m) => m[1]!);
}

/**
 * Issue 35's load: registrations (half asking to hear from us), inquiries (their confirmations
 * carry a consent link) and commercial mails (an unsubscribe link and header). Returns how many
 * mails it queued for people.
 */
async function loadOfLinks(server: Pick<RunningServer, 'app' | 'ctx'>, token: string, people: number): Promise<number> {
  const client = api(server.app);
  const created = await client.call('POST', '/api/crm/events', token, eventInput({ title: 'Links at rest', capacity: people / 2 }));
  expect(created.statusCode).toBe(201);
  const eventId: string = created.json().id;
  for (let i = 0; i < people; i += 1) {
    const who = { ...person({ consent: i % 2 === 0 }), email: `links.${i}@example.com` };
    expect((await client.call('POST', `/api/events/${eventId}/registrations`, null, who)).statusCode).toBe(201);
  }
  for (let i = 0; i < 6; i += 1) {
    expect((await client.call('POST', '/api/leads', null, validLead({ email: `inquiry.${i}@example.com` }))).statusCode).toBe(201);
    const checked = await commercialMail(server.ctx.db.pool, server.ctx.config, {
      to: `inquiry.${i}@example.com`,
      subject: 'Winter intake',
      text: 'Classes start in January.',
      html: '<p>Classes start in January.</p>',
    });
    if (!checked.ok) throw new Error(checked.reason);
    await server.ctx.mailer.enqueue(server.ctx.db.pool, checked.message);
  }
  // Registrations, inquiry confirmations (the notifier queues them with the next batch), commercial mails.
  return people + 6 + 6;
}

describe('a real data folder (embedded PGlite, SMTP configured)', () => {
  let root: string;
  let dataDir: string;
  let keyFile: string;
  let logFile: string;
  let sink: SmtpSink;
  let config: Config;

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'college-secrets-'));
    dataDir = path.join(root, 'data');
    keyFile = path.join(root, 'keys', 'secrets-key');
    logFile = path.join(dataDir, 'logs', 'server.log');
    fs.mkdirSync(path.dirname(logFile), { recursive: true });
    sink = await startSmtpSink();
    config = loadConfig({
      DATA_DIR: dataDir,
      SECRETS_KEY_FILE: keyFile,
      SMTP_URL: sink.url,
      SITE_URL: 'http://college.test',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'debug',
      LOG_FORMAT: 'json',
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      DIST_DIR: path.resolve('dist'),
    });
  });
  afterAll(async () => {
    await sink.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  // Every log line of the server goes to a file in DATA_DIR, so the scan reads the logs too.
  const logDestination: DestinationStream = { write: (line: string) => fs.appendFileSync(logFile, line) };
  const start = () => startServer(config, { logger: true, listen: false, logDestination });

  test(
    'invitations, resets and 2FA leave no usable link or TOTP secret in any file; a queued reset survives a restart',
    async () => {
      const first = await start();
      let totpSecret = '';
      try {
        expect(first.secretsKey).toEqual({ file: keyFile, created: true });
        expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);
        const client = api(first.app);
        const token = await client.signIn();
        await client.invite(token, 'Grace Admin', 'grace@test.example', 'admin');
        await client.invite(token, 'Alan Counsellor', 'alan@test.example', 'counsellor');
        await client.forgot();
        totpSecret = await client.enrol(token);
        await deliverAll(first, sink, 3);
        // The SMTP server refuses for a while: this reset mail stays queued, sealed, across the restart.
        sink.refuse = true;
        await client.forgot();
        await first.ctx.leadLife.settle();
        await first.ctx.mailer.flush();
        const { rows } = await first.ctx.db.pool.query<{ text_body: string }>('SELECT text_body FROM mail_queue WHERE sent_at IS NULL');
        expect(rows).toHaveLength(1);
        expect(rows[0]?.text_body).toMatch(/^enc1:[0-9a-f]{12}:/);
      } finally {
        await first.close();
      }
      // Only the product's user may read the folder: every file 0600 (or stricter), every folder 0700 (issue 35).
      expect(readableByOthers(dataDir)).toEqual([]);
      const delivered = captured(sink);
      expect(delivered.map((link) => link.kind).sort()).toEqual(['password-reset', 'welcome', 'welcome']);
      expect(totpSecret).toMatch(/^[A-Z2-7]{32}$/);
      const files = filesUnder(dataDir);
      expect(files.some((file) => file.includes(`${path.sep}pg_wal${path.sep}`))).toBe(true);
      expect(fs.readFileSync(logFile, 'utf8')).toContain('password reset requested');
      expect(findInFiles(dataDir, [...delivered.map((link) => link.token), totpSecret])).toEqual([]);

      // Restarted on the same folder and key file: the queued mail goes out and its link works.
      sink.refuse = false;
      const second = await start();
      try {
        expect(second.secretsKey).toEqual({ file: keyFile, created: false });
        await deliverAll(second, sink, 4);
        const late = linksIn(sink.messages[3] as (typeof sink.messages)[number]);
        expect(late).toHaveLength(1);
        const link = late[0] as CapturedLink;
        const client = api(second.app);
        const reset = await client.call('POST', `/api/users/reset-password/${link.userId}/${link.token}`, null, {
          password: NEW_PASSWORD,
          cPassword: NEW_PASSWORD,
          userId: link.userId,
          token: link.token,
        });
        expect(reset.statusCode).toBe(200);
        // The sealed TOTP secret still opens after the restart: sign-in asks for, and takes, a code.
        const challenge = await client.call('POST', '/api/users/signin', null, { email: ADMIN_EMAIL, password: NEW_PASSWORD });
        expect(challenge.json().twoFactorRequired).toBe(true);
        const signedIn = await client.call('POST', '/api/users/signin/two-factor', null, {
          challenge: challenge.json().challenge,
          code: totpCode(totpSecret, 1),
        });
        expect(signedIn.statusCode).toBe(200);
        // Issue 35: a load of registrations and consent mails on the same folder.
        const people = await loadOfLinks(second, signedIn.json().token, 12);
        await deliverAll(second, sink, 4 + people);
      } finally {
        await second.close();
      }
      const all = captured(sink).map((link) => link.token);
      expect(all).toHaveLength(4);
      const personal = sink.messages.flatMap(personalTokens);
      // 12 registrations (a cancel link each, 6 a consent link too), 6 confirmations, 6 unsubscribe links (body and header).
      expect(new Set(personal).size).toBeGreaterThanOrEqual(12 + 6 + 6 + 6);
      expect(findInFiles(dataDir, [...all, ...personal, totpSecret])).toEqual([]);
      // Nor is the key itself in the data folder.
      const keyLine =
        fs
          .readFileSync(keyFile, 'utf8')
          .split('\n')
          .find((line) => line && !line.startsWith('#')) ?? '';
      expect(keyLine).toHaveLength(44);
      expect(findInFiles(dataDir, [keyLine])).toEqual([]);
    },
    START_TIMEOUT_MS,
  );
  test(
    'a plain TOTP secret left by an older version leaves the table files at the first start of this one',
    async () => {
      const legacyDir = path.join(root, 'legacy');
      const legacy: Config = { ...config, dataDir: legacyDir };
      const plain = 'KRUGS4ZANFZSAYJAOBWGC2LOEBZWKY3S';
      const older = await startServer(legacy, { logger: false, listen: false });
      try {
        // As an older version stored it.
        await older.ctx.db.pool.query('UPDATE users SET totp_secret = $1', [plain]);
      } finally {
        await older.close();
      }
      const heap = path.join(legacyDir, 'pgdata', 'base');
      expect(findInFiles(heap, [plain]).length).toBeGreaterThan(0);
      // An older version left the folder readable by everyone (0755 folders, 0644 files): this start tightens it and says so.
      openToOthers(legacyDir);
      expect(readableByOthers(legacyDir).length).toBeGreaterThan(100);
      const lines: string[] = [];
      const upgraded = await startServer(legacy, {
        logger: true,
        listen: false,
        logDestination: { write: (line: string) => lines.push(line) },
      });
      // Every folder is closed to others at once; files PGlite creates while it runs are tightened at stop.
      expect(readableByOthers(legacyDir).filter((entry) => fs.statSync(entry).isDirectory())).toEqual([]);
      expect(lines.join('')).toMatch(/was readable by other users: \d+ files and folders tightened to 0700\/0600/);
      try {
        const { rows } = await upgraded.ctx.db.pool.query<{ totp_secret: string }>('SELECT totp_secret FROM users');
        expect(rows.map((row) => row.totp_secret)).toEqual([expect.stringMatching(/^enc1:/)]);
      } finally {
        await upgraded.close();
      }
      expect(readableByOthers(legacyDir)).toEqual([]);
      // The table was rewritten: no row version with the plain secret is left in the heap files.
      expect(findInFiles(heap, [plain])).toEqual([]);
    },
    START_TIMEOUT_MS,
  );
});

describe.each(bothDatabaseKinds())('every row of every table (%s)', (kind) => {
  let server: TestServer;
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
    server = await startTestServer({ kind, listen: false, env: { SMTP_URL: sink.url } });
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await server.close();
    await sink.close();
  });

  test('holds no clear link or TOTP secret, before delivery and after', async () => {
    const client = api(server.app);
    const token = await client.signIn();
    sink.refuse = true;
    await client.invite(token, 'Ada Admin', 'ada@test.example', 'admin');
    await client.forgot();
    const totpSecret = await client.enrol(token);
    await server.ctx.leadLife.settle();
    await server.ctx.mailer.flush();
    const before = await allRowsAsText(server.db.pool);
    const queued = await server.db.pool.query<{ text_body: string; html_body: string }>(
      'SELECT text_body, html_body FROM mail_queue WHERE secret_expires_at IS NOT NULL AND sent_at IS NULL',
    );
    expect(queued.rows).toHaveLength(2);
    for (const row of queued.rows) {
      expect(row.text_body).toMatch(/^enc1:/);
      expect(row.html_body).toMatch(/^enc1:/);
    }
    sink.refuse = false;
    await deliverAll(server, sink, 2);
    const after = await allRowsAsText(server.db.pool);
    const tokens = captured(sink).map((link) => link.token);
    expect(tokens).toHaveLength(2);
    expect(findInText(before, [...tokens, totpSecret])).toEqual([]);
    expect(findInText(after, [...tokens, totpSecret])).toEqual([]);
    expect(before).toContain(ADMIN_EMAIL);
  });

  test('registrations and consent mails leave no token in any row, before delivery and after (issue 35)', async () => {
    // The admin turned two-factor on above: a session of their own, without the sign-in.
    const token = await staffToken(server);
    const from = sink.messages.length;
    sink.refuse = true;
    const people = await loadOfLinks(server, token, 4);
    await server.ctx.leadLife.settle();
    await server.ctx.mailer.flush();
    const before = await allRowsAsText(server.db.pool);
    sink.refuse = false;
    await server.db.pool.query('UPDATE mail_queue SET next_attempt_at = now() WHERE sent_at IS NULL');
    await deliverAll(server, sink, from + people);
    const after = await allRowsAsText(server.db.pool);
    const tokens = sink.messages.slice(from).flatMap(personalTokens);
    expect(new Set(tokens).size).toBeGreaterThanOrEqual(4 + 2 + 6 + 6);
    expect(findInText(before, tokens)).toEqual([]);
    expect(findInText(after, tokens)).toEqual([]);
  });
});
