/**
 * Leads staff may merge with one lead (issue 31), found by a fragment of a name, e-mail or phone:
 * a counsellor who knows two leads with different e-mails are one student (a personal and a school
 * address, a typo) finds the other, where before a merge started only from a "possible duplicate"
 * note. The inbox's own search finds them (lead-search-page.ts: the same meaning and the same
 * plans at a million leads), so a candidate is a lead the inbox lists: not a repeat inquiry, not
 * merged. Anonymised leads and the lead itself are left out. Each candidate names the lead a merge
 * keeps by default (merge-history.ts).
 */
import type { Queryable } from '../db/database';
import { Conflict, NotFound } from '../domain-errors';
import { leadQuerySchema, searchLeadPage } from '../crm';
import { MERGE_CANDIDATES_MAX, type MergeCandidate } from '../../src/merge-contract';
import { keptByDefault, leadHistories, type LeadHistory } from './merge-history';

export const CANDIDATES_LEAD_NOT_FOUND_MESSAGE = 'There is no lead with this id. It may have been removed.';
export const CANDIDATES_MERGED_MESSAGE = 'This lead was merged into another lead. Open that lead to merge it with others.';
export const CANDIDATES_REPEAT_MESSAGE = 'This is a repeat inquiry of another lead. Open that lead to merge it with others.';
export const CANDIDATES_ANONYMISED_MESSAGE = 'This lead was anonymised (its personal details were erased), so it cannot be merged.';

/** Why the lead of the page cannot be merged at all, or null. */
function refusal(lead: LeadHistory): string | null {
  if (lead.merged_into) return CANDIDATES_MERGED_MESSAGE;
  if (lead.parent_lead_id) return CANDIDATES_REPEAT_MESSAGE;
  if (lead.anonymised_at) return CANDIDATES_ANONYMISED_MESSAGE;
  return null;
}

export async function mergeCandidates(db: Queryable, leadId: string, q: string, meId: string): Promise<MergeCandidate[]> {
  const [lead] = await leadHistories(db, [leadId]);
  if (!lead) throw new NotFound(CANDIDATES_LEAD_NOT_FOUND_MESSAGE);
  const refused = refusal(lead);
  if (refused) throw new Conflict(refused);
  // One more than shown: the lead itself may be among the matches.
  const query = leadQuerySchema.parse({ page_size: MERGE_CANDIDATES_MAX + 1 });
  const { ids } = await searchLeadPage(db, query, q, meId);
  const found = await leadHistories(
    db,
    ids.filter((id) => id !== leadId),
  );
  return found
    .filter((other) => !other.anonymised_at)
    .slice(0, MERGE_CANDIDATES_MAX)
    .map((other) => ({
      _id: other.id,
      first_name: other.first_name,
      last_name: other.last_name,
      email: other.email,
      phone: other.phone,
      created_at: other.created_at.toISOString(),
      stage: other.stage,
      owner_name: other.owner_name,
      activities: other.activities,
      keep_id: keptByDefault(lead, other),
    }));
}
