/**
 * What staff do with a reply nobody could match: attach it to a lead (named by id, or by e-mail
 * when exactly one lead has it) or dismiss it. Each is one transaction with its audit entry; a
 * reply already attached or dismissed (by a colleague a moment ago) is refused, not done twice.
 */
import type { Database, Queryable } from '../db/database';
import type { RepliesStatus } from '../../src/replies-contract';
import type { Config } from '../config';
import { recordAudit, type AuditWho } from '../audit/audit-log';
import { Conflict, NotFound, invalidField } from '../domain-errors';
import { attachReply, type AttachServices } from './attach-reply';
import { imapSettings } from './imap-settings';
import { fromLine } from './reply-rows';

export const REPLY_NOT_FOUND_MESSAGE = 'There is no such reply.';
export const REPLY_TAKEN_MESSAGE = 'This reply was already attached or dismissed. Reload the list.';
export const LEAD_REF_MESSAGE = 'Please enter the e-mail address or the id of a lead.';
export const NO_SUCH_LEAD_MESSAGE = 'No lead has this e-mail address or id.';
export const SEVERAL_LEADS_MESSAGE =
  'Several leads have this e-mail address. Please enter the id of the lead (shown in its address in the CRM).';

interface OpenReply {
  subject: string;
  from_name: string;
  from_address: string;
  received_at: Date;
}

async function lockOpenReply(client: Queryable, replyId: string): Promise<OpenReply> {
  if (!/^\d{1,18}$/.test(replyId)) throw new NotFound(REPLY_NOT_FOUND_MESSAGE);
  const { rows } = await client.query<OpenReply & { open: boolean }>(
    `SELECT subject, from_name, from_address, received_at, lead_id IS NULL AND dismissed_at IS NULL AS open
       FROM inbound_replies WHERE id = $1 FOR UPDATE`,
    [replyId],
  );
  const reply = rows[0];
  if (!reply) throw new NotFound(REPLY_NOT_FOUND_MESSAGE);
  if (!reply.open) throw new Conflict(REPLY_TAKEN_MESSAGE);
  return reply;
}

async function findLead(client: Queryable, ref: string): Promise<string> {
  const text = ref.trim();
  if (!text) throw invalidField('lead', LEAD_REF_MESSAGE);
  const { rows } = await client.query<{ id: string }>(
    /^[0-9a-f]{24}$/i.test(text) ? 'SELECT id FROM leads WHERE id = $1' : 'SELECT id FROM leads WHERE lower(email) = lower($1) LIMIT 2',
    [text.toLowerCase()],
  );
  if (rows.length === 0) throw invalidField('lead', NO_SUCH_LEAD_MESSAGE);
  if (rows.length > 1) throw invalidField('lead', SEVERAL_LEADS_MESSAGE);
  return rows[0]!.id.trim();
}

/** Attaches; resolves with the lead's id. */
export async function attachByStaff(
  db: Database,
  services: AttachServices,
  replyId: string,
  leadRef: string,
  who: AuditWho,
): Promise<string> {
  return db.transaction(async (client) => {
    const reply = await lockOpenReply(client, replyId);
    const leadId = await findLead(client, leadRef);
    await client.query(
      `UPDATE inbound_replies SET lead_id = $2, matched_by = 'staff', attached_by = $3, attached_at = now() WHERE id = $1`,
      [replyId, leadId, who.actorId],
    );
    await attachReply(client, services, {
      replyId,
      leadId,
      actorId: who.actorId,
      subject: reply.subject,
      from: fromLine(reply.from_name, reply.from_address),
      receivedAt: new Date(reply.received_at),
    });
    await recordAudit(client, { ...who, action: 'reply.attached', details: { reply_id: replyId, lead_id: leadId } });
    return leadId;
  });
}

export async function dismissReply(db: Database, replyId: string, who: AuditWho): Promise<void> {
  await db.transaction(async (client) => {
    await lockOpenReply(client, replyId);
    await client.query('UPDATE inbound_replies SET dismissed_at = now(), dismissed_by = $2 WHERE id = $1', [replyId, who.actorId]);
    await recordAudit(client, { ...who, action: 'reply.dismissed', details: { reply_id: replyId } });
  });
}

export async function repliesStatus(db: Queryable, config: Pick<Config, 'imapUrl' | 'imapPollSeconds'>): Promise<RepliesStatus> {
  if (!config.imapUrl) return { connected: false, mailbox: null, poll_seconds: config.imapPollSeconds, polled_at: null, last_error: null };
  const mailbox = imapSettings(config.imapUrl).label;
  const { rows } = await db.query<{ polled_at: Date | null; last_error: string | null }>(
    'SELECT polled_at, last_error FROM imap_cursors WHERE mailbox = $1',
    [mailbox],
  );
  const polledAt = rows[0]?.polled_at;
  return {
    connected: true,
    mailbox,
    poll_seconds: config.imapPollSeconds,
    polled_at: polledAt ? new Date(polledAt).toISOString() : null,
    last_error: rows[0]?.last_error ?? null,
  };
}
