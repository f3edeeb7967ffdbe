/**
 * Helpers for the replies tests: a lead with a sent mail (a lead_emails row, as the sending side
 * writes it), a reply message as a mail client would write it, and one pass over a test mailbox.
 */
import crypto from 'node:crypto';
import { newReplyToken, replyAddress } from '../../server/mail/reply-address';
import { imapSettings } from '../../server/replies/imap-settings';
import { pollMailbox, type PollResult } from '../../server/replies/poll-mailbox';
import type { TestServer } from './server';
import type { TestImapServer } from './imap';
import { createLead } from './staff';

export const ADMISSIONS = 'admissions@northbridge-college.ca';

export interface SentMail {
  leadId: string;
  token: string;
  messageId: string;
  replyTo: string;
}

/** A lead (through the public form) and a mail sent to it from the CRM. */
export async function leadWithSentMail(server: TestServer, email: string): Promise<SentMail> {
  await createLead(server, { email });
  const { rows } = await server.db.pool.query<{ id: string }>('SELECT id FROM leads WHERE email = $1 ORDER BY created_at DESC LIMIT 1', [
    email,
  ]);
  const leadId = rows[0]!.id.trim();
  const token = newReplyToken();
  const messageId = `lead-${crypto.randomUUID()}@northbridge-college.ca`;
  await server.db.pool.query(
    `INSERT INTO lead_emails (lead_id, purpose, to_address, subject, body_text, reply_token, message_id)
     VALUES ($1, 'transactional', $2, 'Your inquiry', 'Hello', $3, $4)`,
    [leadId, email, token, messageId],
  );
  return { leadId, token, messageId, replyTo: replyAddress(ADMISSIONS, token) };
}

export interface ReplyParts {
  from: string;
  to: string;
  subject?: string;
  body?: string;
  headers?: Record<string, string>;
  /** Without Message-ID when false. */
  messageId?: boolean;
}

/** A plain-text reply, LF lines (the IMAP helper turns them into CRLF). */
export function replyMail(parts: ReplyParts): string {
  const headers = {
    From: parts.from,
    To: parts.to,
    Subject: parts.subject ?? 'Re: Your inquiry',
    Date: new Date().toUTCString(),
    ...(parts.messageId === false ? {} : { 'Message-ID': `<${crypto.randomUUID()}@student.example>` }),
    'Content-Type': 'text/plain; charset=utf-8',
    ...parts.headers,
  };
  return `${Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}`)
    .join('\n')}\n\n${parts.body ?? 'Thank you, I am interested.\nWhen does it start?'}\n`;
}

export function pollAs(server: TestServer, imap: TestImapServer, user: string): Promise<PollResult> {
  return pollMailbox({
    db: server.db,
    services: { mailer: server.ctx.mailer, config: server.config },
    settings: imapSettings(imap.urlFor(user)),
  });
}
