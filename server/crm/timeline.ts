/**
 * One lead's history, oldest first: the inquiry itself, then every lead_events row (notes, stage
 * and owner changes, activities, e-mails, replies, consent, sequences, events, applications,
 * privacy, repeat inquiries, merges), each with who and when, drawn by its kind's renderer
 * (server/timeline/render.ts); activities, e-mails and replies shown as they are now.
 */
import { isRegistrationLead } from '../leads';
import type { Queryable } from '../db/database';
import type { StaffRef, TimelineEntry } from '../../src/crm-contract';
import { activitiesOfLead } from './activities-store';
import { sentEmailsOfLead } from '../outreach';
import { repliesOfLead } from '../replies';
import { renderLeadEvent } from '../timeline/render';

interface EventRow {
  kind: string;
  detail: Record<string, unknown>;
  created_at: Date;
  actor_id: string | null;
  actor_name: string | null;
}

/** The timeline, or null when there is no such lead. */
export async function leadTimeline(db: Queryable, leadId: string): Promise<TimelineEntry[] | null> {
  if (!/^[0-9a-f]{24}$/.test(leadId)) return null;
  const lead = await db.query<{ created_at: Date; idempotency_key: string | null }>(
    'SELECT created_at, idempotency_key FROM leads WHERE id = $1',
    [leadId],
  );
  if (!lead.rows[0]) return null;
  const [events, activities, staff, emails, replies] = await Promise.all([
    db.query<EventRow>(
      `SELECT e.kind, e.detail, e.created_at, e.actor_id, u.name AS actor_name
         FROM lead_events e LEFT JOIN users u ON u.id = e.actor_id
        WHERE e.lead_id = $1 ORDER BY e.created_at, e.id`,
      [leadId],
    ),
    activitiesOfLead(db, leadId),
    db.query<{ id: string; name: string }>('SELECT id, name FROM users'),
    sentEmailsOfLead(db, leadId),
    repliesOfLead(db, leadId),
  ]);
  const names = new Map(staff.rows.map((row) => [row.id.trim(), row.name]));
  const sources = {
    staff: (id: unknown): StaffRef | null =>
      typeof id === 'string' && id ? { _id: id.trim(), name: names.get(id.trim()) ?? 'Former staff member' } : null,
    activities: new Map(activities.map((a) => [a._id, a])),
    emails,
    replies,
  };

  const first = lead.rows[0];
  const via = isRegistrationLead(first) ? 'event_registration' : 'inquiry_form';
  const entries: TimelineEntry[] = [{ kind: 'inquiry', at: new Date(first.created_at).toISOString(), by: null, via }];
  for (const row of events.rows) {
    const at = new Date(row.created_at).toISOString();
    const by = row.actor_id ? { _id: row.actor_id.trim(), name: row.actor_name ?? '' } : null;
    const entry = renderLeadEvent(row.kind, at, by, row.detail, sources);
    if (entry) entries.push(entry);
  }
  return entries;
}
