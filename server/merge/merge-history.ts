/**
 * Which of two leads a merge keeps by default (issue 31): the one with more history, so the record
 * staff have been working on stays and the stray one joins it. Compared in turn: how far along its
 * stage is, whether it has an owner, how many activities were logged, how many timeline entries it
 * has; at a tie, the older lead (the first inquiry) is kept.
 */
import type { Queryable } from '../db/database';
import type { LeadStageId } from '../../src/lookups';

/**
 * How far along each stage is. Hot, warm and cold are how promising a lead being worked on is, not
 * steps after one another, so they (and "Other") count the same: past a new lead, before a
 * prospective student; a current or past student is furthest along.
 */
const STAGE_PROGRESS: Record<LeadStageId, number> = { 1: 0, 2: 1, 3: 1, 4: 1, 8: 1, 5: 2, 6: 3, 7: 3 };

export interface LeadHistory {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  created_at: Date;
  stage: LeadStageId;
  owner_id: string | null;
  owner_name: string | null;
  merged_into: string | null;
  parent_lead_id: string | null;
  anonymised_at: Date | null;
  activities: number;
  entries: number;
}

const HISTORY_SQL = /* sql */ `
  SELECT l.id, l.first_name, l.last_name, l.email, l.phone, l.created_at, l.stage, l.owner_id, o.name AS owner_name,
         l.merged_into, l.parent_lead_id, l.anonymised_at,
         (SELECT count(*)::int FROM activities a WHERE a.lead_id = l.id) AS activities,
         (SELECT count(*)::int FROM lead_events e WHERE e.lead_id = l.id) AS entries
    FROM leads l LEFT JOIN users o ON o.id = l.owner_id
   WHERE l.id = ANY($1::char(24)[])`;

/** The leads with these ids and their history, in the order of `ids` (unknown ids left out). */
export async function leadHistories(db: Queryable, ids: string[]): Promise<LeadHistory[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.query<LeadHistory>(HISTORY_SQL, [ids]);
  // char(24) ids may come back blank-padded.
  const byId = new Map(rows.map((row) => [row.id.trim(), { ...row, id: row.id.trim(), owner_id: row.owner_id?.trim() ?? null }]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** What is compared, most telling first; a larger value is more history. */
const measures = (lead: LeadHistory): number[] => [
  STAGE_PROGRESS[lead.stage] ?? 0,
  lead.owner_id ? 1 : 0,
  lead.activities,
  lead.entries,
  -lead.created_at.getTime(),
];

/** The id of the lead a merge of `a` and `b` keeps by default. */
export function keptByDefault(a: LeadHistory, b: LeadHistory): string {
  const [ma, mb] = [measures(a), measures(b)];
  const differing = ma.findIndex((value, i) => value !== mb[i]);
  if (differing === -1) return a.id < b.id ? a.id : b.id;
  return ma[differing]! > mb[differing]! ? a.id : b.id;
}
