/**
 * Merging two leads (issue 23): POST /api/crm/leads/merge. One lead is kept; every record of the
 * other moves to it; for each field where the two differ, staff choose whose value the kept lead
 * has. The merged lead stays as a tombstone (`merged_into`), so links to it still resolve.
 */
import type { Id } from './contract';

/** The lead fields staff may take from the merged lead, in the compare page's order. */
export const MERGE_FIELDS = [
  { id: 'first_name', title: 'First name' },
  { id: 'last_name', title: 'Last name' },
  { id: 'email', title: 'E-mail' },
  { id: 'phone', title: 'Phone' },
  { id: 'address', title: 'Address' },
  { id: 'course_id', title: 'Course' },
  { id: 'course_type', title: 'Course type' },
  { id: 'location', title: 'Local / International' },
  { id: 'financial_aid', title: 'Financial aid' },
  { id: 'source', title: 'Source' },
  { id: 'stage', title: 'Stage' },
  { id: 'status', title: 'Status' },
  { id: 'owner_id', title: 'Owner' },
  { id: 'origin', title: 'Partner site' },
  { id: 'utm_source', title: 'UTM source' },
  { id: 'utm_medium', title: 'UTM medium' },
  { id: 'utm_campaign', title: 'UTM campaign' },
  { id: 'utm_term', title: 'UTM term' },
  { id: 'utm_content', title: 'UTM content' },
  { id: 'landing_page', title: 'Landing page' },
  { id: 'referrer', title: 'Referrer' },
] as const;

export type MergeField = (typeof MERGE_FIELDS)[number]['id'];

/** POST /api/crm/leads/merge. `fields`: whose value the kept lead takes; a field left out keeps its own. */
export interface MergeBody {
  keepId: Id;
  mergeId: Id;
  fields?: Partial<Record<MergeField, 'keep' | 'merge'>>;
}

// The answers are zod schemas (src/merge-schemas.ts, server-only values); their types come from there.
export type { LeadOrigins, MergeAnswer, MergeCandidate, MergeCandidatesAnswer, OriginCount } from './merge-schemas';

export const MERGE_CANDIDATES_MAX = 10;
/** Fewer characters than this find too many leads to choose from; the CRM waits for more. */
export const MERGE_SEARCH_MIN = 2;
/** The CRM searches once typing pauses this long: one request per word typed, not one per key. */
export const MERGE_SEARCH_PAUSE_MS = 300;
