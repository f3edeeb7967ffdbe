/**
 * The assignment pass: gives new leads their owners by the rules, after the request that stored
 * them (a handler of the lead's follow-up, server/lead-life/, after the repeat check and the
 * notifications). It takes a batch of pending leads with FOR UPDATE SKIP LOCKED, then
 * locks the enabled rules, so two instances never take one lead and the round robin's place (in
 * the rules table) passes from one to the other. Only a lead that is still unassigned and was never
 * given or taken an owner by hand is assigned: manual assignment always wins.
 */
import type { Database } from '../db/database';
import type { Catalogue } from '../catalogue/catalogue';
import { newId } from '../auth/tokens';
import { addBusinessHours } from '../time/business-hours';
import { chooseOwner, type Choice, type RuleState } from './choose-owner';
import { assignedMail, formatDeadline, unassignedMail, type LeadLine } from './assignment-mails';
import { adminAddresses, queueStaffNotice } from './staff-notice';
import { speedToLeadHours } from './rules-store';
import { ELIGIBLE_SQL, PENDING_SQL, RULES_SQL, WRITE_SQL } from './assignment-sql';

const BATCH_SIZE = 50;

interface PendingLead {
  id: string;
  first_name: string;
  last_name: string;
  course_id: string | null;
  course_type: number | null;
  location: number;
  owner_id: string | null;
  touched: boolean;
  created_at: Date;
}

/** `siteUrl` is read at each pass (a test server learns its port after the start). */
export interface AssignmentPassSettings {
  readonly siteUrl: string;
  readonly catalogue: Catalogue;
}

const trimId = (id: string | null) => id?.trim() ?? null;

/** One batch; returns how many pending leads it handled (0: nothing was waiting). */
export async function runAssignmentPass(db: Database, settings: AssignmentPassSettings, batchSize = BATCH_SIZE): Promise<number> {
  // A cheap look first: most passes find nothing and need no transaction.
  const peek = await db.pool.query('SELECT 1 FROM leads WHERE assign_pending LIMIT 1');
  if (peek.rowCount === 0) return 0;
  return db.transaction(async (client) => {
    const { rows: leads } = await client.query<PendingLead>(PENDING_SQL, [batchSize]);
    if (leads.length === 0) return 0;
    const { rows: rules } = await client.query<RuleState>(RULES_SQL);
    for (const rule of rules) {
      rule.member_ids = rule.member_ids.map((id) => id.trim());
      rule.last_user_id = trimId(rule.last_user_id);
    }
    const memberIds = [...new Set(rules.flatMap((rule) => rule.member_ids))];
    const { rows: eligible } = await client.query<{ id: string; email: string; open: number }>(ELIGIBLE_SQL, [
      memberIds,
      Math.max(0, ...rules.map((r) => r.cap ?? 0)),
    ]);
    const openCounts = new Map(eligible.map((m) => [m.id.trim(), m.open]));
    const emails = new Map(eligible.map((m) => [m.id.trim(), m.email]));
    const hours = await speedToLeadHours(client);

    const choices = leads.map((lead): [PendingLead, Choice] => [
      lead,
      lead.owner_id !== null || lead.touched ? { kind: 'none' } : chooseOwner(rules, lead, openCounts),
    ]);
    const assigned = choices.flatMap(([lead, c]) => (c.kind === 'assigned' ? [{ lead, owner: c.ownerId, rule: c.rule.name }] : []));
    const full = choices.flatMap(([lead, c]) => (c.kind === 'full' ? [{ lead, rule: c.rule.name }] : []));
    const ownerOf = new Map(assigned.map((a) => [a.lead.id, a]));
    const due = new Map(assigned.map((a) => [a.lead.id, addBusinessHours(a.lead.created_at, hours)]));
    const each = <T>(pick: (id: string) => T) => leads.map((l) => pick(l.id));
    await client.query(WRITE_SQL, [
      each((id) => id),
      each((id) => ownerOf.get(id)?.owner ?? null),
      each((id) => ownerOf.get(id)?.rule ?? null),
      each((id) => (ownerOf.has(id) ? newId() : null)),
      each((id) => due.get(id) ?? null),
      each((id) =>
        ownerOf.has(id)
          ? `Assigned by the assignment rule "${ownerOf.get(id)?.rule ?? ''}". Speed to lead: ${hours} business hours.`
          : null,
      ),
      rules.map((r) => r.id),
      rules.map((r) => r.last_user_id),
    ]);
    if (assigned.length > 0) {
      const line = (lead: PendingLead, deadline: Date): LeadLine => ({
        id: lead.id.trim(),
        name: `${lead.first_name} ${lead.last_name}`,
        note: `${courseName(settings, lead)}; contact by ${formatDeadline(deadline)}`,
      });
      const byOwner = new Map<string, LeadLine[]>();
      for (const a of assigned) byOwner.set(a.owner, [...(byOwner.get(a.owner) ?? []), line(a.lead, due.get(a.lead.id) as Date)]);
      for (const [owner, lines] of byOwner) {
        const to = emails.get(owner);
        if (to) await queueStaffNotice(client, assignedMail(to, lines, hours, settings.siteUrl));
      }
    }
    if (full.length > 0) {
      const lines = full.map(({ lead, rule }) => ({
        id: lead.id.trim(),
        name: `${lead.first_name} ${lead.last_name}`,
        note: `rule "${rule}"; ${courseName(settings, lead)}`,
      }));
      for (const to of await adminAddresses(client)) await queueStaffNotice(client, unassignedMail(to, lines, settings.siteUrl));
    }
    return leads.length;
  });
}

function courseName(settings: AssignmentPassSettings, lead: PendingLead): string {
  const id = trimId(lead.course_id);
  return (id && settings.catalogue.courseById(id)?.course_name) || 'no course chosen';
}
