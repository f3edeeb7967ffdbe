/**
 * The reading side of replies without a mailbox: IMAP_URL and IMAP_POLL_SECONDS through the
 * configuration schema (a bad value is named, its password never echoed), the mailbox's name
 * without the password, and a message read into storable text.
 */
import { ConfigError, loadConfig } from '../../server/config';
import { imapSettings, withoutPassword } from '../../server/replies/imap-settings';
import { MAX_TEXT_CHARS, parseReply, storableText } from '../../server/replies/parse-reply';

test('IMAP_URL is read into host, port, TLS, user and mailbox; the label never holds the password', () => {
  const config = loadConfig({ IMAP_URL: 'imaps://admissions%40college.ca:s%3Acret@mail.college.ca/Replies', IMAP_POLL_SECONDS: '30' });
  expect(config).toMatchObject({ imapPollSeconds: 30 });
  expect(imapSettings(config.imapUrl ?? '')).toEqual({
    host: 'mail.college.ca',
    port: 993,
    secure: true,
    user: 'admissions@college.ca',
    pass: 's:cret',
    mailbox: 'Replies',
    label: 'admissions@college.ca@mail.college.ca/Replies',
  });
  expect(imapSettings('imap://u:p@127.0.0.1:1143')).toMatchObject({ port: 1143, secure: false, mailbox: 'INBOX' });
  expect(loadConfig({})).toMatchObject({ imapUrl: null, imapPollSeconds: 60 });
  expect(withoutPassword({ pass: 'hunter2' }, 'LOGIN failed for hunter2')).toBe('LOGIN failed for ***');
});

test('a bad IMAP_URL or interval stops the start, naming the variable and not its value', () => {
  let problem: unknown;
  try {
    loadConfig({ IMAP_URL: 'http://user:topsecret@mail.example', IMAP_POLL_SECONDS: '0' });
  } catch (error) {
    problem = error;
  }
  expect(problem).toBeInstanceOf(ConfigError);
  const message = (problem as ConfigError).message;
  expect(message).toMatch(/IMAP_URL must be a URL starting with imap:\/\/ or imaps:\/\//);
  expect(message).toMatch(/IMAP_POLL_SECONDS must be a whole number from 1 to 3600/);
  expect(message).not.toContain('topsecret');
});

test('stored text has no NUL or control characters, no half characters, and a length limit', () => {
  expect(storableText('a\u0000b\r\nc\u0007', 100)).toEqual({ text: 'ab\nc', truncated: false });
  expect(storableText('x'.repeat(10) + '😀', 11)).toEqual({ text: `${'x'.repeat(10)}\uFFFD`, truncated: true });
});

test('a message is read into sender, subject, thread ids, recipients and text; HTML becomes text without scripts', async () => {
  const raw = [
    'From: "Ada" <ada@student.example>',
    'To: Admissions <admissions+r-abcdefghijklmnopqrst@college.ca>',
    'Delivered-To: admissions+r-bcdefghijklmnopqrstu@college.ca',
    'Subject: =?UTF-8?B?UmU6IETDqWrDoA==?=',
    'Message-ID: <m1@student.example>',
    'In-Reply-To: <lead-1@college.ca>',
    'References: <lead-0@college.ca> <lead-1@college.ca>',
    'Content-Type: text/html; charset=utf-8',
    '',
    `<p>Yes<script>document.cookie</script><style>p{}</style> please</p>${`<p>${'more '.repeat(100)}</p>`.repeat(250)}`,
  ].join('\r\n');
  const reply = await parseReply(Buffer.from(raw));
  expect(reply).toMatchObject({
    messageId: 'm1@student.example',
    fromAddress: 'ada@student.example',
    fromName: 'Ada',
    subject: 'Re: Déjà',
    threadIds: ['lead-1@college.ca', 'lead-0@college.ca', 'lead-1@college.ca'],
    recipients: ['admissions+r-abcdefghijklmnopqrst@college.ca', 'admissions+r-bcdefghijklmnopqrstu@college.ca'],
    attachments: [],
    truncated: true,
  });
  expect(reply.text.startsWith('Yes please')).toBe(true);
  expect(reply.text).not.toMatch(/cookie|script|<p>/);
  expect(reply.text.length).toBe(MAX_TEXT_CHARS);
});

test('an HTML part beside an attachment (no text part) is converted to text too; the attachment is listed, not kept', async () => {
  const raw = [
    'From: grace@student.example',
    'Subject: With a file',
    'Content-Type: multipart/mixed; boundary="b"',
    '',
    '--b',
    'Content-Type: text/html; charset=utf-8',
    '',
    '<p>Yes, the evening class.<script>window.injected = 1</script><img src=x onerror="alert(1)"></p>',
    '--b',
    'Content-Type: application/pdf; name="id.pdf"',
    'Content-Disposition: attachment; filename="id.pdf"',
    'Content-Transfer-Encoding: base64',
    '',
    'JVBERi0=',
    '--b--',
    '',
  ].join('\r\n');
  const reply = await parseReply(Buffer.from(raw));
  expect(reply.text).toMatch(/^Yes, the evening class\./);
  expect(reply.text).not.toMatch(/script|injected|onerror|alert|</);
  expect(reply.attachments).toEqual([{ name: 'id.pdf', type: 'application/pdf', size: 5 }]);
  expect(reply.messageId).toBeNull();
});
