/**
 * One lead's history, oldest first: the inquiry itself, then every note, stage or owner change,
 * activity logged and activity done, each with who and when (lead_events), activities with their
 * current state.
 */
import { isRegistrationLead } from '../leads/lead-record';
import type { Queryable } from '../db/database';
import type { StaffRef, TimelineEntry } from '../../src/crm-contract';
import type { LeadStageId } from '../../src/lookups';
import { activitiesOfLead } from './activities-store';
import { sentEmailsOfLead } from '../outreach/sent-emails';
import { privacyEntry } from '../privacy/timeline-entries';
import { repliesOfLead } from '../replies/reply-rows';
import { mergeEntries } from '../repeat/timeline-entries';
import { eventTimelineEntry } from '../events/event-timeline';
import { applicationTimelineEntry } from '../applications/application-events';

interface EventRow {
  kind: string;
  detail: Record<string, unknown>;
  created_at: Date;
  actor_id: string | null;
  actor_name: string | null;
}

const str = (value: unknown) => (typeof value === 'string' ? value : '');

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
  const ref = (id: unknown): StaffRef | null =>
    typeof id === 'string' && id ? { _id: id.trim(), name: names.get(id.trim()) ?? 'Former staff member' } : null;
  const byId = new Map(activities.map((a) => [a._id, a]));

  const first = lead.rows[0];
  const via = isRegistrationLead(first) ? 'event_registration' : 'inquiry_form';
  const entries: TimelineEntry[] = [{ kind: 'inquiry', at: new Date(first.created_at).toISOString(), by: null, via }];
  for (const row of events.rows) {
    const at = new Date(row.created_at).toISOString();
    const by = row.actor_id ? { _id: row.actor_id.trim(), name: row.actor_name ?? '' } : null;
    const d = row.detail;
    if (row.kind === 'note') entries.push({ kind: 'note', at, by, text: str(d.text) });
    else if (row.kind === 'stage') entries.push({ kind: 'stage', at, by, from: d.from as LeadStageId, to: d.to as LeadStageId });
    else if (row.kind === 'owner') {
      // Given by an assignment rule (server/assignment/): no actor, the rule's name instead.
      const rule = typeof d.rule === 'string' ? { rule: d.rule } : {};
      entries.push({ kind: 'owner', at, by, from: ref(d.from), to: ref(d.to), ...rule });
    } else if (row.kind === 'activity') {
      const activity = byId.get(str(d.activity_id));
      if (activity) entries.push({ kind: 'activity', at, by, activity });
    } else if (row.kind === 'activity_done') {
      entries.push({ kind: 'activity_done', at, by, activity_id: str(d.activity_id), subject: str(d.subject), done: d.done === true });
    } else if (row.kind === 'email_sent') {
      const email = emails.get(str(d.email_id));
      if (email) entries.push({ kind: 'email_sent', at, by, email });
    } else if (row.kind === 'reply') {
      const reply = replies.get(str(d.reply_id));
      if (reply) entries.push({ kind: 'reply', at, by, reply });
    } else if (row.kind === 'consent_given' || row.kind === 'consent_withdrawn') {
      entries.push({ kind: 'consent', at, by: null, given: row.kind === 'consent_given', method: str(d.method) });
    } else if (row.kind === 'sequence_enrolled') entries.push({ kind: 'sequence_enrolled', at, by, sequence: str(d.sequence) });
    else if (row.kind === 'sequence_step') {
      const taken = d.outcome === 'taken';
      entries.push({ kind: 'sequence_step', at, by: null, sequence: str(d.sequence), step: str(d.step), taken, reason: str(d.reason) });
    } else if (row.kind === 'sequence_left') {
      entries.push({ kind: 'sequence_left', at, by, sequence: str(d.sequence), reason: str(d.text) });
    } else {
      const privacy =
        privacyEntry(row.kind, d, at, by) ?? eventTimelineEntry(row.kind, at, by, d) ?? applicationTimelineEntry(row.kind, at, by, d);
      if (privacy) entries.push(privacy);
      else entries.push(...mergeEntries(row.kind, at, by, d));
    }
  }
  return entries;
}
