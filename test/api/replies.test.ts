/**
 * Replies read over IMAP (issue 22) from a real Dovecot started by the test (test/support/imap.ts),
 * on both databases: matched by the reply token or by the thread, attached once (also with two
 * pollers at once or after the read position is lost), unmatched ones attached or dismissed by
 * staff, an outage that loses nothing, malformed mail stored as text, and the server's own job
 * reading the mailbox at its interval. Needs dovecot-imapd (.ci/run installs it).
 */
import { jobsSchemaFor } from '../../server/jobs/job-queue';
import { imapSettings } from '../../server/replies/imap-settings';
import { REPLIES_QUEUE_NAME } from '../../server/replies/replies-job';
import { repliesStatus } from '../../server/replies/unmatched-actions';
import { REPLY_NOTICE_SUBJECT } from '../../server/replies/reply-notice';
import type { TimelineAnswer, TimelineReply } from '../../src/crm-contract';
import type { RepliesStatus, UnmatchedRepliesAnswer } from '../../src/replies-contract';
import { testDatabaseKinds } from '../support/database';
import { DOVECOT_PATH, startImapServer, type TestImapServer } from '../support/imap';
import { staffToken } from '../support/lead-fixtures';
import { ADMISSIONS, leadWithSentMail, pollAs, replyMail } from '../support/replies';
import { startTestServer, type TestServer } from '../support/server';

const START_TIMEOUT_MS = 180_000;
if (!DOVECOT_PATH) {
  if (process.env.CI) throw new Error('dovecot is missing: CI must install dovecot-imapd (see .ci/run).');
  console.warn('SKIPPED: the IMAP replies tests need Dovecot (apt-get install dovecot-imapd).');
}
const describeWithImap = DOVECOT_PATH ? describe : describe.skip;

let imap: TestImapServer;
beforeAll(async () => {
  if (DOVECOT_PATH) imap = await startImapServer();
}, START_TIMEOUT_MS);
afterAll(async () => {
  await imap?.close();
});

describeWithImap.each(testDatabaseKinds())('replies over IMAP (%s)', (kind) => {
  let server: TestServer;
  let token = '';
  const box = (name: string) => `${kind}-${name}`;

  async function api<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<{ status: number; body: T }> {
    const response = await fetch(`${server.url}/api${path}`, {
      method: init.method ?? 'GET',
      headers: { Authorization: `Bearer ${token}`, ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
    return { status: response.status, body: (await response.json()) as T };
  }
  const replies = async (leadId: string): Promise<(TimelineReply & { by: string | null })[]> =>
    (await api<TimelineAnswer>(`/crm/leads/${leadId}/timeline`)).body.entries.flatMap((entry) =>
      entry.kind === 'reply' ? [{ ...entry.reply, by: entry.by?.name ?? null }] : [],
    );
  const count = async (sql: string, params: unknown[] = []) => Number((await server.db.pool.query<{ n: string }>(sql, params)).rows[0]?.n);

  beforeAll(async () => {
    server = await startTestServer({ kind, env: { IMAP_URL: imap.urlFor(box('job')), IMAP_POLL_SECONDS: '1' } });
    token = await staffToken(server);
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await server?.close();
  });

  test('a reply to the token address is attached once, shows as text on the timeline, marks the lead and tells its owner', async () => {
    const sent = await leadWithSentMail(server, `token-${kind}@student.example`);
    await server.db.pool.query(`UPDATE leads SET owner_id = (SELECT id FROM users WHERE email = 'admin@test.example') WHERE id = $1`, [
      sent.leadId,
    ]);
    await imap.deliver(box('token'), replyMail({ from: `Ada Student <token-${kind}@student.example>`, to: sent.replyTo }));
    expect((await pollAs(server, imap, box('token'))).counts).toEqual({ attached: 1, unmatched: 0, duplicate: 0 });
    expect((await pollAs(server, imap, box('token'))).counts).toEqual({ attached: 0, unmatched: 0, duplicate: 0 });

    const shown = await replies(sent.leadId);
    expect(shown).toEqual([
      expect.objectContaining({
        from: `Ada Student <token-${kind}@student.example>`,
        subject: 'Re: Your inquiry',
        attachments: [],
        by: null,
      }),
    ]);
    expect(shown[0]?.text).toBe('Thank you, I am interested.\nWhen does it start?\n');
    expect(await count('SELECT count(*) AS n FROM leads WHERE id = $1 AND last_reply_at IS NOT NULL', [sent.leadId])).toBe(1);
    const notice = await server.db.pool.query<{ subject: string; text_body: string }>(
      `SELECT subject, text_body FROM mail_queue WHERE to_address = 'admin@test.example' AND subject = $1`,
      [REPLY_NOTICE_SUBJECT],
    );
    expect(notice.rows).toHaveLength(1);
    expect(notice.rows[0]?.text_body).toContain(`/crm/leads/${sent.leadId}`);
    expect(notice.rows[0]?.text_body).not.toContain('token-');
    expect([...(await imap.flags(box('token'))).values()].every((flags) => flags.has('\\Seen'))).toBe(true);
  });

  test('a reply sent to the plain mailbox is matched by In-Reply-To alone', async () => {
    const sent = await leadWithSentMail(server, `thread-${kind}@student.example`);
    await imap.deliver(
      box('thread'),
      replyMail({ from: 'someone@elsewhere.example', to: ADMISSIONS, headers: { 'In-Reply-To': `<${sent.messageId}>` } }),
    );
    expect((await pollAs(server, imap, box('thread'))).counts.attached).toBe(1);
    expect(await replies(sent.leadId)).toHaveLength(1);
    expect(await count(`SELECT count(*) AS n FROM inbound_replies WHERE lead_id = $1 AND matched_by = 'thread'`, [sent.leadId])).toBe(1);
  });

  test('an unmatched reply waits in the Unmatched list until staff attach or dismiss it', async () => {
    const target = await leadWithSentMail(server, `unmatched-${kind}@student.example`);
    await imap.deliver(box('unmatched'), replyMail({ from: `unmatched-${kind}@student.example`, to: ADMISSIONS, subject: 'Question' }));
    await imap.deliver(box('unmatched'), replyMail({ from: 'spam@spam.example', to: ADMISSIONS, subject: 'Cheap pills' }));
    expect((await pollAs(server, imap, box('unmatched'))).counts.unmatched).toBe(2);

    const list = (await api<UnmatchedRepliesAnswer>('/crm/replies/unmatched')).body;
    expect(list.status).toMatchObject({ connected: true, mailbox: `${box('job')}@127.0.0.1/INBOX` });
    const question = list.replies.find((reply) => reply.subject === 'Question');
    const spam = list.replies.find((reply) => reply.subject === 'Cheap pills');
    expect(question?.suggested_lead?._id).toBe(target.leadId);
    expect(spam?.suggested_lead).toBeNull();

    expect((await api(`/crm/replies/${question?._id}/attach`, { method: 'POST', body: { lead: 'nobody@nowhere.example' } })).status).toBe(
      400,
    );
    const attached = await api<{ message: string }>(`/crm/replies/${question?._id}/attach`, {
      method: 'POST',
      body: { lead: `Unmatched-${kind}@student.example` },
    });
    expect(attached.status).toBe(200);
    expect((await api(`/crm/replies/${question?._id}/attach`, { method: 'POST', body: { lead: target.leadId } })).status).toBe(409);
    expect(await replies(target.leadId)).toEqual([expect.objectContaining({ subject: 'Question', by: 'Administrator' })]);

    expect((await api(`/crm/replies/${spam?._id}/dismiss`, { method: 'POST' })).status).toBe(200);
    expect((await api(`/crm/replies/${spam?._id}/dismiss`, { method: 'POST' })).status).toBe(409);
    const after = (await api<UnmatchedRepliesAnswer>('/crm/replies/unmatched')).body.replies.map((reply) => reply._id);
    expect(after).not.toContain(question?._id);
    expect(after).not.toContain(spam?._id);
    expect(await count(`SELECT count(*) AS n FROM audit_log WHERE action IN ('reply.attached', 'reply.dismissed')`)).toBe(2);
  });

  test('malformed mail (no Message-ID, broken MIME, HTML with a script, a 10 MB attachment) is stored safely as text', async () => {
    const sent = await leadWithSentMail(server, `odd-${kind}@student.example`);
    const from = `odd-${kind}@student.example`;
    const to = sent.replyTo;
    await imap.deliver(box('odd'), replyMail({ from, to, subject: 'No id', messageId: false }));
    await imap.deliver(
      box('odd'),
      `From: ${from}\nTo: ${to}\nSubject: Broken\nContent-Type: multipart/mixed; boundary="b1"\n\n--b1\nContent-Type: text/plain\nContent-Transfer-Encoding: base64\n\n!!not base64@@\n--b1\nContent-Type: text/plain\n\nsecond part, never closed`,
    );
    await imap.deliver(
      box('odd'),
      `From: ${from}\nTo: ${to}\nSubject: Html\nContent-Type: text/html\n\n<p>Hello<script>alert("x")</script> <b>there</b><img src=x onerror="alert(1)"></p>`,
    );
    const big = Buffer.alloc(10 * 1024 * 1024, 7)
      .toString('base64')
      .replace(/.{76}/g, '$&\n');
    imap.deliverFile(
      box('odd'),
      `From: ${from}\nTo: ${to}\nSubject: Big\nContent-Type: multipart/mixed; boundary="b2"\n\n--b2\nContent-Type: text/plain\n\nSee the file.\n--b2\nContent-Type: application/pdf; name="transcript.pdf"\nContent-Disposition: attachment; filename="transcript.pdf"\nContent-Transfer-Encoding: base64\n\n${big}\n--b2--\n`,
    );
    const started = Date.now();
    expect((await pollAs(server, imap, box('odd'))).counts.attached).toBe(4);
    console.log(`replies (${kind}): 4 malformed mails (one 10 MB attachment) read and stored in ${Date.now() - started} ms`);
    const bySubject = new Map((await replies(sent.leadId)).map((reply) => [reply.subject, reply]));
    expect(bySubject.get('No id')?.text).toContain('When does it start?');
    expect(bySubject.get('Broken')).toBeDefined();
    expect(bySubject.get('Html')?.text).toMatch(/Hello\s+THERE|Hello\s+there/);
    expect(bySubject.get('Html')?.text).not.toMatch(/script|alert|onerror|</);
    expect(bySubject.get('Big')?.attachments).toEqual([{ name: 'transcript.pdf', type: 'application/pdf', size: 10 * 1024 * 1024 }]);
    expect(bySubject.get('Big')?.text).toBe('See the file.');
    expect(
      await count('SELECT count(*) AS n FROM inbound_replies WHERE lead_id = $1 AND message_id IS NULL', [sent.leadId]),
    ).toBeGreaterThanOrEqual(1);
    expect(
      await count('SELECT max(octet_length(body_text) + octet_length(attachments::text)) AS n FROM inbound_replies WHERE lead_id = $1', [
        sent.leadId,
      ]),
    ).toBeLessThan(10_000);
  });

  test('two pollers at once, and a lost read position, attach each reply once', async () => {
    const sent = await leadWithSentMail(server, `twice-${kind}@student.example`);
    for (let i = 0; i < 3; i += 1) {
      await imap.deliver(box('twice'), replyMail({ from: `twice-${kind}@student.example`, to: sent.replyTo, subject: `Reply ${i}` }));
    }
    const [first, second] = await Promise.all([pollAs(server, imap, box('twice')), pollAs(server, imap, box('twice'))]);
    expect(first.counts.attached + second.counts.attached).toBe(3);
    await server.db.pool.query('UPDATE imap_cursors SET last_uid = 0 WHERE mailbox = $1', [imapSettings(imap.urlFor(box('twice'))).label]);
    expect((await pollAs(server, imap, box('twice'))).counts).toEqual({ attached: 0, unmatched: 0, duplicate: 3 });
    expect((await replies(sent.leadId)).map((reply) => reply.subject).sort()).toEqual(['Reply 0', 'Reply 1', 'Reply 2']);
  });

  test('an IMAP outage delays replies and loses none; its error never shows the password', async () => {
    const sent = await leadWithSentMail(server, `outage-${kind}@student.example`);
    await imap.deliver(box('outage'), replyMail({ from: `outage-${kind}@student.example`, to: sent.replyTo, subject: 'Before' }));
    await imap.deliver(box('outage'), replyMail({ from: `outage-${kind}@student.example`, to: sent.replyTo, subject: 'During' }));
    await imap.stop();
    try {
      await expect(pollAs(server, imap, box('outage'))).rejects.toThrow();
    } finally {
      await imap.start();
    }
    const config = { imapUrl: imap.urlFor(box('outage')), imapPollSeconds: 60 };
    const failed = await repliesStatus(server.db.pool, config);
    expect(failed.last_error).toBeTruthy();
    expect(JSON.stringify(failed)).not.toContain('imap-test-password');
    expect((await pollAs(server, imap, box('outage'))).counts.attached).toBe(2);
    expect((await repliesStatus(server.db.pool, config)).last_error).toBeNull();
    expect(await replies(sent.leadId)).toHaveLength(2);
  });

  test('the server reads its mailbox every IMAP_POLL_SECONDS and says so; without IMAP_URL it says replies are not connected', async () => {
    const sent = await leadWithSentMail(server, `job-${kind}@student.example`);
    const delivered = Date.now();
    await imap.deliver(box('job'), replyMail({ from: `job-${kind}@student.example`, to: sent.replyTo }));
    while ((await replies(sent.leadId)).length === 0) {
      if (Date.now() - delivered > 15_000) throw new Error('the reply did not reach the timeline within 15 s');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const latency = Date.now() - delivered;
    console.log(`replies (${kind}): a reply reached the timeline ${latency} ms after delivery (IMAP_POLL_SECONDS=1)`);
    expect(latency).toBeLessThan(5_000);
    // One pass per interval: the passes' start times, newest first, are about a second apart.
    const passes = await server.db.pool.query<{ start_after: Date }>(
      `SELECT start_after FROM ${jobsSchemaFor(server.db)}.job WHERE name = $1 ORDER BY start_after DESC LIMIT 6`,
      [REPLIES_QUEUE_NAME],
    );
    const gaps = passes.rows.slice(1).map((row, index) => passes.rows[index]!.start_after.getTime() - row.start_after.getTime());
    const median = [...gaps].sort((a, b) => a - b)[Math.floor(gaps.length / 2)] ?? 0;
    expect(median).toBeGreaterThanOrEqual(900);
    expect(median).toBeLessThan(3_000);
    const status = (await api<RepliesStatus>('/crm/replies/status')).body;
    expect(status).toMatchObject({ connected: true, poll_seconds: 1, last_error: null });
    expect(Date.now() - Date.parse(status.polled_at ?? '')).toBeLessThan(5_000);
    expect(await repliesStatus(server.db.pool, { imapUrl: null, imapPollSeconds: 60 })).toMatchObject({ connected: false, mailbox: null });
  });
});
