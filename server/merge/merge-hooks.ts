/**
 * Tables whose rows cannot simply be re-pointed at the kept lead in a merge, each with its own
 * rule. Every other table that references leads(id) is moved generically (merge-store.ts): its
 * rows' reference is set to the kept lead. Add a hook here when a table has a unique constraint
 * over its lead column (one row per lead, or per lead and something), an append-only trigger, or a
 * rule such as "keep the stronger of two consents": without one, a merge whose move would break
 * the constraint stops with a 409 naming the table, and nothing is changed.
 */
import type { Queryable } from '../db/database';
import { moveEnrolments } from '../sequences';

export interface MergeHook {
  /** The table's plain name (pg_class.relname). */
  table: string;
  /** Moves every row of the table that references `mergeId` (in any of its lead columns) to `keepId`; returns how many moved. */
  move(client: Queryable, keepId: string, mergeId: string): Promise<number>;
}

/**
 * lead_duplicates (migration 024): a pair of the two leads being merged is settled by the merge
 * and removed; the merged lead's other pairs become pairs of the kept lead (ordered, once).
 */
const duplicatePairs: MergeHook = {
  table: 'lead_duplicates',
  async move(client, keepId, mergeId) {
    await client.query('DELETE FROM lead_duplicates WHERE (lead_a = $1 AND lead_b = $2) OR (lead_a = $2 AND lead_b = $1)', [
      keepId,
      mergeId,
    ]);
    const moved = await client.query(
      `INSERT INTO lead_duplicates (lead_a, lead_b, reason, created_at)
       SELECT least(other, $1), greatest(other, $1), reason, created_at FROM (
         SELECT CASE WHEN lead_a = $2 THEN lead_b ELSE lead_a END AS other, reason, created_at
           FROM lead_duplicates WHERE lead_a = $2 OR lead_b = $2) s
       ON CONFLICT DO NOTHING`,
      [keepId, mergeId],
    );
    await client.query('DELETE FROM lead_duplicates WHERE lead_a = $1 OR lead_b = $1', [mergeId]);
    return moved.rowCount ?? 0;
  },
};

/** sequence_enrolments (migration 026): one active enrolment per lead and sequence (server/sequences/merge-enrolments.ts). */
const enrolments: MergeHook = { table: 'sequence_enrolments', move: moveEnrolments };

export const MERGE_HOOKS: readonly MergeHook[] = [duplicatePairs, enrolments];
