/** Reading stored replies for the CRM: a lead's (its timeline) and the Unmatched list, as text only. */
import type { Queryable } from '../db/database';
import type { ReplyAttachmentInfo, TimelineReply } from '../../src/crm-contract';
import type { UnmatchedReply } from '../../src/replies-contract';

/** The Unmatched page shows the newest this many. */
export const UNMATCHED_LIMIT = 200;

interface ReplyRow {
  id: string;
  from_address: string;
  from_name: string;
  subject: string;
  body_text: string;
  text_truncated: boolean;
  attachments: ReplyAttachmentInfo[];
  received_at: Date;
}

const COLUMNS = 'r.id::text, r.from_address, r.from_name, r.subject, r.body_text, r.text_truncated, r.attachments, r.received_at';

export const fromLine = (name: string, address: string) => (name ? `${name} <${address}>` : address);

const attachmentsOf = (value: unknown): ReplyAttachmentInfo[] =>
  Array.isArray(value)
    ? value.map((item: Partial<ReplyAttachmentInfo>) => ({
        name: String(item.name ?? ''),
        type: String(item.type ?? ''),
        size: Number(item.size ?? 0),
      }))
    : [];

/** A lead's replies by id, for its timeline's `reply` events. */
export async function repliesOfLead(db: Queryable, leadId: string): Promise<Map<string, TimelineReply>> {
  const { rows } = await db.query<ReplyRow>(`SELECT ${COLUMNS} FROM inbound_replies r WHERE r.lead_id = $1`, [leadId]);
  return new Map(
    rows.map((row) => [
      row.id,
      {
        _id: row.id,
        from: fromLine(row.from_name, row.from_address),
        subject: row.subject,
        text: row.body_text,
        truncated: row.text_truncated,
        attachments: attachmentsOf(row.attachments),
      },
    ]),
  );
}

export async function unmatchedReplies(db: Queryable): Promise<UnmatchedReply[]> {
  const { rows } = await db.query<ReplyRow & { lead_id: string | null; lead_name: string | null; lead_email: string | null }>(
    `SELECT ${COLUMNS}, s.id AS lead_id, s.first_name || ' ' || s.last_name AS lead_name, s.email AS lead_email
       FROM inbound_replies r
       LEFT JOIN LATERAL (
         SELECT l.id, l.first_name, l.last_name, l.email FROM leads l
          WHERE r.from_address <> '' AND lower(l.email) = lower(r.from_address)
          ORDER BY l.created_at DESC LIMIT 1
       ) s ON true
      WHERE r.lead_id IS NULL AND r.dismissed_at IS NULL
      ORDER BY r.received_at DESC, r.id DESC LIMIT ${UNMATCHED_LIMIT}`,
  );
  return rows.map((row) => ({
    _id: row.id,
    from_address: row.from_address,
    from_name: row.from_name,
    subject: row.subject,
    text: row.body_text,
    truncated: row.text_truncated,
    attachments: attachmentsOf(row.attachments),
    received_at: new Date(row.received_at).toISOString(),
    suggested_lead: row.lead_id ? { _id: row.lead_id.trim(), name: row.lead_name ?? '', email: row.lead_email ?? '' } : null,
  }));
}
