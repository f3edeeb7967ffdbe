/**
 * Editing a live sequence changes only steps not yet due. An enrolment points at the step it runs
 * next; when that step is taken out, it moves to the step that now stands in its place: the next
 * kept step after it in the old order, or else the step after the last kept one before it, or else
 * the first step. Its due time stays: the job already waiting for it runs whatever is next then
 * (step-runner.ts), so nothing needs to be rescheduled here.
 */
import type { Queryable } from '../db/database';

/** The step that replaces `removedId`, by the old and the new order of step ids; null = none left. */
export function replacementStep(oldOrder: readonly string[], newOrder: readonly string[], removedId: string): string | null {
  const at = oldOrder.indexOf(removedId);
  const kept = (id: string | undefined) => id !== undefined && newOrder.includes(id);
  const after = oldOrder.slice(at + 1).find(kept);
  if (after) return after;
  const before = oldOrder.slice(0, Math.max(at, 0)).filter(kept).pop();
  if (before) return newOrder[newOrder.indexOf(before) + 1] ?? null;
  return newOrder[0] ?? null;
}

export async function repointEnrolments(client: Queryable, oldOrder: string[], newOrder: string[], removed: string[]): Promise<void> {
  for (const id of removed) {
    await client.query(`UPDATE sequence_enrolments SET next_step_id = $2 WHERE next_step_id = $1 AND state = 'active'`, [
      id,
      replacementStep(oldOrder, newOrder, id),
    ]);
  }
}
