/**
 * What a merge of two leads (server/merge/) does with their sequences. Every enrolment of the
 * merged lead moves to the kept lead, with its runs (they hang off the enrolment), so a step's job
 * that runs after the merge acts on the kept lead. A lead is active in a sequence once (unique
 * index), so where both leads are active in the same sequence the kept lead's enrolment carries on
 * and the merged lead's ends as "merged" (its jobs then find it ended and do nothing); it is kept
 * as a left enrolment, with the steps it took, on the kept lead's timeline.
 */
import type { Queryable } from '../db/database';
import { endEnrolment } from './enrolments';

export const MERGED_ENROLMENT_TEXT = 'The lead was merged into another lead already in this sequence, which carries on.';

export async function moveEnrolments(client: Queryable, keepId: string, mergeId: string): Promise<number> {
  // Locked here (the merge holds both leads FOR UPDATE, so no step of theirs is between its checks).
  const { rows } = await client.query<{ id: string; sequence_id: string; name: string }>(
    `SELECT m.id::text AS id, m.sequence_id::text AS sequence_id, s.name
       FROM sequence_enrolments m JOIN sequences s ON s.id = m.sequence_id
      WHERE m.lead_id = $2 AND m.state = 'active'
        AND EXISTS (SELECT 1 FROM sequence_enrolments k WHERE k.lead_id = $1 AND k.sequence_id = m.sequence_id AND k.state = 'active')
      ORDER BY m.id FOR UPDATE OF m`,
    [keepId, mergeId],
  );
  const now = new Date();
  for (const row of rows) {
    await endEnrolment(client, {
      enrolmentId: row.id,
      leadId: keepId,
      sequenceId: row.sequence_id,
      sequenceName: row.name,
      reason: 'merged',
      text: MERGED_ENROLMENT_TEXT,
      by: null,
      now,
    });
  }
  const moved = await client.query('UPDATE sequence_enrolments SET lead_id = $1 WHERE lead_id = $2', [keepId, mergeId]);
  return moved.rowCount ?? 0;
}
