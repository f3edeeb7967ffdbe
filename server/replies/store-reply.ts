/**
 * One message from the mailbox into the database, in one transaction: matched to a lead (by the
 * reply token in its addresses, else by the thread it answers), stored once (a second poller's
 * copy, or the same bytes read again, is a no-op), attached when matched, and the mailbox's read
 * position moved past it. If anything fails, nothing of it is kept and the next poll reads it again.
 */
import type { Database, Queryable } from '../db/database';
import { replyTokenOf } from '../mail/reply-address';
import { attachReply, type AttachServices } from './attach-reply';
import type { ParsedReply } from './parse-reply';

export interface MailboxPlace {
  /** `user@host/INBOX` */
  mailbox: string;
  uidValidity: string;
  uid: number;
  sha256: string;
}

export type StoreOutcome = 'attached' | 'unmatched' | 'duplicate';

interface Match {
  lead_id: string;
  id: string;
  matched_by: 'token' | 'thread';
}

async function matchLead(client: Queryable, reply: ParsedReply): Promise<Match | null> {
  const tokens = [...new Set(reply.recipients.map(replyTokenOf).filter((token): token is string => token !== null))];
  if (tokens.length) {
    const { rows } = await client.query<Match>(
      `SELECT lead_id, id::text, 'token' AS matched_by FROM lead_emails WHERE reply_token = ANY($1::text[]) ORDER BY created_at DESC LIMIT 1`,
      [tokens],
    );
    if (rows[0]) return rows[0];
  }
  if (reply.threadIds.length) {
    const { rows } = await client.query<Match>(
      `SELECT lead_id, id::text, 'thread' AS matched_by FROM lead_emails WHERE message_id = ANY($1::text[]) ORDER BY created_at DESC LIMIT 1`,
      [reply.threadIds.slice(0, 100)],
    );
    if (rows[0]) return rows[0];
  }
  return null;
}

export async function storeReply(db: Database, services: AttachServices, place: MailboxPlace, reply: ParsedReply): Promise<StoreOutcome> {
  return db.transaction(async (client) => {
    const match = await matchLead(client, reply);
    const inserted = await client.query<{ id: string; received_at: Date }>(
      `INSERT INTO inbound_replies (mailbox, uid_validity, uid, source_sha256, message_id, from_address, from_name, subject,
                                    sent_at, body_text, text_truncated, attachments, lead_id, lead_email_id, matched_by, attached_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12::jsonb, $13, $14, $15, CASE WHEN $16::boolean THEN now() END)
       ON CONFLICT DO NOTHING RETURNING id::text, received_at`,
      [
        place.mailbox,
        place.uidValidity,
        place.uid,
        place.sha256,
        reply.messageId,
        reply.fromAddress,
        reply.fromName,
        reply.subject,
        reply.sentAt,
        reply.text,
        reply.truncated,
        JSON.stringify(reply.attachments),
        match?.lead_id ?? null,
        match?.id ?? null,
        match?.matched_by ?? null,
        match !== null,
      ],
    );
    await client.query(`UPDATE imap_cursors SET last_uid = GREATEST(last_uid, $3) WHERE mailbox = $1 AND uid_validity = $2`, [
      place.mailbox,
      place.uidValidity,
      place.uid,
    ]);
    const row = inserted.rows[0];
    if (!row) return 'duplicate';
    if (!match) return 'unmatched';
    const from = reply.fromName ? `${reply.fromName} <${reply.fromAddress}>` : reply.fromAddress;
    await attachReply(client, services, {
      replyId: row.id,
      leadId: match.lead_id.trim(),
      actorId: null,
      subject: reply.subject,
      from,
      receivedAt: new Date(row.received_at),
    });
    return 'attached';
  });
}
