/**
 * The answers of merging two leads (issue 23) and of finding a lead to merge with (issue 31),
 * written once as zod schemas: the wire types of src/merge-contract.ts are inferred from them, and
 * server/merge/answers.ts names them as the routes' response schemas and the API description's
 * components. Browser code imports only the types (through merge-contract.ts), so zod stays out of
 * the site's bundles.
 */
import { z } from 'zod';
import { idSchema as recordId } from './wire-schemas';
import { LEAD_STAGES, type LeadStageId } from './lookups';

/** POST /api/crm/leads/merge */
export const mergeAnswerSchema = z.object({
  message: z.string(),
  kept: z.string(),
  merged: z.string(),
  /** Rows moved to the kept lead, per table and column ("lead_events.lead_id": 4). */
  moved: z.record(z.string(), z.number().int()),
});
export type MergeAnswer = z.infer<typeof mergeAnswerSchema>;

/** GET /api/crm/lead-origins: the partner sites leads came from, with how many leads each (most first). */
export const leadOriginsSchema = z.object({ origins: z.array(z.object({ origin: z.string().nullable(), count: z.number().int() })) });
export type LeadOrigins = z.infer<typeof leadOriginsSchema>;
/** One partner site (null: no origin recorded) and its leads. */
export type OriginCount = LeadOrigins['origins'][number];

/**
 * One of the leads GET /api/crm/leads/:id/merge-candidates answers (issue 31): another lead staff
 * may merge with this one, found by a fragment of a name, e-mail or phone as the inbox's search
 * finds it. It names the lead a merge keeps by default: the one with more history.
 */
export const mergeCandidateSchema = z.object({
  _id: recordId,
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string(),
  created_at: z.string(),
  stage: z.literal(LEAD_STAGES.map((entry): LeadStageId => entry.id)),
  owner_name: z.string().nullable(),
  /** Activities logged on the lead (calls, meetings, tasks…). */
  activities: z.number().int(),
  /** Which of the two leads (this candidate or the page's lead) a merge keeps unless staff choose otherwise. */
  keep_id: recordId,
});
export type MergeCandidate = z.infer<typeof mergeCandidateSchema>;

/** GET /api/crm/leads/:id/merge-candidates?q= : newest first, at most MERGE_CANDIDATES_MAX. */
export const mergeCandidatesSchema = z.object({ candidates: z.array(mergeCandidateSchema) });
export type MergeCandidatesAnswer = z.infer<typeof mergeCandidatesSchema>;
