import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import { loadConfig } from '../../server/config';
import { createMailer } from '../../server/mail/create-mailer';
import type { Mailer, MailMessage } from '../../server/mail/mailer';
import { backoffSeconds } from '../../server/mail/mail-queue';
import { createTestDatabase, bothDatabaseKinds, type TestDatabase } from '../support/database';
import { startTestServer } from '../support/server';
import { startSmtpSink, type SmtpSink } from '../support/smtp';

/** Opening a database takes seconds, and much longer while other suites load the machine. */
const START_TIMEOUT_MS = 120_000;

const message = (to: string, link = 'http://localhost:3000/crm/password-reset/abc/def'): MailMessage => ({
  to,
  subject: 'Test message',
  text: `Hello,\n\nOpen ${link}\n`,
  html: `<p>Hello, <a href="${link}">open</a></p>`,
});

interface QueueRow {
  attempts: number;
  sent_at: Date | null;
  last_error: string | null;
  due_in: number;
}

async function queueRow(db: TestDatabase, to: string): Promise<QueueRow> {
  const { rows } = await db.pool.query<QueueRow>(
    `SELECT attempts, sent_at, last_error, EXTRACT(EPOCH FROM (next_attempt_at - now()))::float AS due_in
       FROM mail_queue WHERE to_address = $1`,
    [to],
  );
  if (rows.length !== 1) throw new Error(`${rows.length} queued messages to ${to}`);
  return rows[0] as QueueRow;
}

async function waitFor(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.each(bothDatabaseKinds())('the mail queue and its worker (%s)', (kind) => {
  let db: TestDatabase;
  let sink: SmtpSink;
  let dataDir: string;
  const mailers: Mailer[] = [];
  const lines: string[] = [];
  const log = { info: (line: string) => lines.push(line), warn: (line: string) => lines.push(line) };
  const smtpMailer = (smtpUrl = sink.url) => {
    const mailer = createMailer(loadConfig({ DATA_DIR: dataDir, SMTP_URL: smtpUrl }), db, log);
    mailers.push(mailer);
    return mailer;
  };

  beforeAll(async () => {
    db = await createTestDatabase(kind);
    sink = await startSmtpSink();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'college-mail-'));
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    for (const mailer of mailers) await mailer.stop();
    await sink?.close();
    await db?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test('queued mail is sent through SMTP once and marked sent', async () => {
    const mailer = smtpMailer();
    await db.transaction((client) => mailer.enqueue(client, message('once@test.example')));
    expect(await mailer.flush()).toBe(1);
    expect(await mailer.flush()).toBe(0);
    expect(sink.messages.filter((m) => m.to.includes('once@test.example'))).toHaveLength(1);
    const row = await queueRow(db, 'once@test.example');
    expect(row.sent_at).not.toBeNull();
    expect(row.attempts).toBe(1);
  });

  test("a mail's envelope arrives: the sender's name, Reply-To, Message-ID, headers and an attachment", async () => {
    const mailer = smtpMailer();
    const to = 'envelope@test.example';
    await db.transaction((client) =>
      mailer.enqueue(client, {
        ...message(to),
        envelope: {
          fromName: 'Dana Advisor',
          replyTo: 'admissions+r-abc@test.example',
          messageId: 'm-1@test.example',
          headers: { 'List-Unsubscribe': '<https://college.test/u/t>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
          attachments: [
            { filename: 'event.ics', contentType: 'text/calendar', content: Buffer.from('BEGIN:VCALENDAR').toString('base64') },
          ],
        },
      }),
    );
    expect(await mailer.flush()).toBe(1);
    const raw = (await sink.waitForMail(to)).raw;
    expect(raw).toMatch(/^From: Dana Advisor <no-reply@northbridge-college\.ca>$/m);
    expect(raw).toMatch(/^Reply-To: admissions\+r-abc@test\.example$/m);
    expect(raw).toMatch(/^Message-ID: <m-1@test\.example>$/m);
    expect(raw).toMatch(/^List-Unsubscribe: <https:\/\/college\.test\/u\/t>$/m);
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    expect(raw).toMatch(/filename=event\.ics/);
    expect(raw).toContain(Buffer.from('BEGIN:VCALENDAR').toString('base64'));
  });

  test('a message queued in a transaction that rolls back is never sent', async () => {
    const mailer = smtpMailer();
    await expect(
      db.transaction(async (client) => {
        await mailer.enqueue(client, message('rolled-back@test.example'));
        throw new Error('the caller failed');
      }),
    ).rejects.toThrow('the caller failed');
    expect(await mailer.flush()).toBe(0);
    const { rows } = await db.pool.query("SELECT 1 FROM mail_queue WHERE to_address = 'rolled-back@test.example'");
    expect(rows).toHaveLength(0);
  });

  test('an SMTP outage keeps the message, backs off, then delivers it exactly once', async () => {
    const mailer = smtpMailer();
    sink.refuse = true;
    await db.transaction((client) => mailer.enqueue(client, message('outage@test.example')));
    expect(await mailer.flush()).toBe(0);
    let row = await queueRow(db, 'outage@test.example');
    expect(row).toMatchObject({ attempts: 1, sent_at: null });
    expect(row.last_error).toMatch(/451|try again/i);
    expect(row.due_in).toBeGreaterThan(3); // backed off, not hammered
    expect(await mailer.flush()).toBe(0); // not due yet: nothing tried

    // Time passes; still refused: the attempt count grows, the message stays.
    await db.pool.query("UPDATE mail_queue SET next_attempt_at = now() WHERE to_address = 'outage@test.example'");
    expect(await mailer.flush()).toBe(0);
    row = await queueRow(db, 'outage@test.example');
    expect(row.attempts).toBe(2);
    expect(row.due_in).toBeGreaterThan(8);

    sink.refuse = false;
    await db.pool.query("UPDATE mail_queue SET next_attempt_at = now() WHERE to_address = 'outage@test.example'");
    expect(await mailer.flush()).toBe(1);
    expect(await mailer.flush()).toBe(0);
    expect(sink.messages.filter((m) => m.to.includes('outage@test.example'))).toHaveLength(1);
    row = await queueRow(db, 'outage@test.example');
    expect(row.sent_at).not.toBeNull();
    expect(row.last_error).toBeNull();
  });

  test('an unreachable SMTP server never throws out of the worker', async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as net.AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const mailer = smtpMailer(`smtp://127.0.0.1:${port}`);
    await db.transaction((client) => mailer.enqueue(client, message('unreachable@test.example')));
    await expect(mailer.flush()).resolves.toBe(0);
    expect((await queueRow(db, 'unreachable@test.example')).attempts).toBe(1);
    // Let a working worker deliver it later.
    await db.pool.query("UPDATE mail_queue SET next_attempt_at = now() WHERE to_address = 'unreachable@test.example'");
    expect(await smtpMailer().flush()).toBe(1);
  });

  test('two workers flushing at once send each message once', async () => {
    const a = smtpMailer();
    const b = smtpMailer();
    const addresses = Array.from({ length: 12 }, (_, i) => `pair${i}@test.example`);
    await db.transaction(async (client) => {
      for (const to of addresses) await a.enqueue(client, message(to));
    });
    const [sentA, sentB] = await Promise.all([a.flush(), b.flush()]);
    expect(sentA + sentB).toBe(12);
    for (const to of addresses) expect(sink.messages.filter((m) => m.to.includes(to))).toHaveLength(1);
  });

  test('the started worker sends on its own, soon after an enqueue', async () => {
    const mailer = smtpMailer();
    mailer.start();
    await db.transaction((client) => mailer.enqueue(client, message('worker@test.example')));
    await sink.waitForMail('worker@test.example', 5000);
    await mailer.stop();
  });

  test('stopping ends the pass in flight after its batch; the backlog stays queued for the next start', async () => {
    const mailer = smtpMailer();
    const addresses = Array.from({ length: 200 }, (_, i) => `backlog${i}@test.example`);
    await db.transaction(async (client) => {
      for (const to of addresses) await mailer.enqueue(client, message(to));
    });
    const pass = mailer.flush();
    await sink.waitForMail('backlog0@test.example', 5000);
    await mailer.stop();
    const sent = await pass;
    expect(sent).toBeGreaterThan(0);
    expect(sent).toBeLessThan(100);
    const { rows } = await db.pool.query<{ waiting: number; due: number }>(
      `SELECT count(*)::int AS waiting, count(*) FILTER (WHERE next_attempt_at <= now())::int AS due
         FROM mail_queue WHERE to_address LIKE 'backlog%' AND sent_at IS NULL`,
    );
    expect(rows[0]).toEqual({ waiting: 200 - sent, due: 200 - sent });
    await db.pool.query("DELETE FROM mail_queue WHERE to_address LIKE 'backlog%'"); // not for the next tests' workers
  });

  test('without SMTP_URL each message becomes an .eml file in DATA_DIR/outbox and its link is logged', async () => {
    const outboxDir = path.join(dataDir, 'outbox');
    const mailer = createMailer(loadConfig({ DATA_DIR: dataDir }), db, log);
    mailers.push(mailer);
    const link = 'http://localhost:3000/crm/password-reset/0123456789abcdef01234567/tokentokentokentokentoken';
    await db.transaction((client) => mailer.enqueue(client, message('outbox@test.example', link)));
    expect(await mailer.flush()).toBe(1);
    const files = fs.readdirSync(outboxDir).filter((f) => f.endsWith('.eml'));
    expect(files).toHaveLength(1);
    const raw = fs.readFileSync(path.join(outboxDir, files[0] as string), 'utf8');
    expect(raw).toMatch(/^To: outbox@test\.example/m);
    expect(raw).toMatch(/^Subject: Test message/m);
    expect(raw.replace(/=\r?\n/g, '')).toContain(link);
    expect(lines.some((line) => line.includes(link))).toBe(true);
  });

  test('the outbox folders are made again when removed while the server runs', async () => {
    const mailer = createMailer(loadConfig({ DATA_DIR: dataDir }), db, log);
    mailers.push(mailer);
    await db.transaction((client) => mailer.enqueue(client, message('first@test.example')));
    expect(await mailer.flush()).toBe(1);
    fs.rmSync(path.join(dataDir, 'outbox'), { recursive: true, force: true });
    fs.rmSync(path.join(dataDir, 'outbox-partial'), { recursive: true, force: true });
    await db.transaction((client) => mailer.enqueue(client, message('second@test.example')));
    expect(await mailer.flush()).toBe(1);
    const files = fs.readdirSync(path.join(dataDir, 'outbox'));
    expect(files).toHaveLength(1);
    expect(fs.readFileSync(path.join(dataDir, 'outbox', files[0] as string), 'utf8')).toMatch(/^To: second@test\.example/m);
  });

  test('back-off doubles from 5 s and stops growing at an hour', () => {
    expect([1, 2, 3, 4].map(backoffSeconds)).toEqual([5, 10, 20, 40]);
    expect(backoffSeconds(30)).toBe(3600);
  });
});

describe('the server without SMTP_URL', () => {
  test(
    'a password reset e-mail lands in the outbox folder',
    async () => {
      const server = await startTestServer({ listen: false, env: { SITE_URL: 'https://college.example' } });
      try {
        const res = await server.app.inject({ method: 'POST', url: '/api/users/reset-password', payload: { email: 'admin@test.example' } });
        expect(res.statusCode).toBe(200);
        const outboxDir = path.join(server.config.dataDir, 'outbox');
        await waitFor(async () => fs.existsSync(outboxDir) && fs.readdirSync(outboxDir).length > 0);
        const file = fs.readdirSync(outboxDir)[0] as string;
        const raw = fs.readFileSync(path.join(outboxDir, file), 'utf8').replace(/=\r?\n/g, '');
        expect(raw).toMatch(/https:\/\/college\.example\/crm\/password-reset\/[0-9a-f]{24}\/[A-Za-z0-9_-]{43}/);
      } finally {
        await server.close();
      }
    },
    START_TIMEOUT_MS,
  );
});
