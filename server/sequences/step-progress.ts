/**
 * A step's run row and what follows it: the claim (the unique (enrolment, step) row, inserted
 * before the step acts), its outcome on the timeline, and the move to the next step with its job.
 */
import type { Queryable } from '../db/database';
import { addBusinessDays } from '../time/business-hours';
import type { SequenceDeps } from './engine-deps';
import { endEnrolment, scheduleStep } from './enrolments';
import { recordLeadEvent } from '../timeline/lead-events';
import { COMPLETED_TEXT } from './exit-conditions';
import type { LockedEnrolment, StepOutcome, StepToRun } from './step-actions';

/** True when this call claimed the step's run; false when it had run already. */
export async function claimRun(client: Queryable, enrolmentId: string, stepId: string, now: Date): Promise<boolean> {
  const { rowCount } = await client.query(
    `INSERT INTO sequence_step_runs (enrolment_id, step_id, outcome, ran_at) VALUES ($1, $2, 'taken', $3) ON CONFLICT DO NOTHING`,
    [enrolmentId, stepId, now],
  );
  return rowCount === 1;
}

export async function recordOutcome(
  client: Queryable,
  enrolment: LockedEnrolment,
  step: StepToRun,
  outcome: StepOutcome,
  now: Date,
): Promise<void> {
  await client.query('UPDATE sequence_step_runs SET outcome = $3, reason = $4 WHERE enrolment_id = $1 AND step_id = $2', [
    enrolment.id,
    step.id,
    outcome.taken ? 'taken' : 'skipped',
    outcome.reason,
  ]);
  await recordLeadEvent(client, {
    kind: 'sequence_step',
    leadId: enrolment.lead_id,
    actorId: null,
    detail: {
      sequence_id: enrolment.sequence_id,
      sequence: enrolment.sequence_name,
      step_id: step.id,
      step: step.text,
      outcome: outcome.taken ? 'taken' : 'skipped',
      reason: outcome.reason,
    },
    at: now,
  });
}

/** Points the enrolment at the step after `step` (due now, or after a wait) and sends its job; completes it after the last. */
export async function advance(
  deps: SequenceDeps,
  client: Queryable,
  enrolment: LockedEnrolment,
  step: StepToRun,
  now: Date,
): Promise<void> {
  const { rows } = await client.query<{ id: string }>(
    `SELECT id::text AS id FROM sequence_steps WHERE sequence_id = $1 AND removed_at IS NULL AND position > $2 ORDER BY position, id LIMIT 1`,
    [enrolment.sequence_id, step.row.position],
  );
  const next = rows[0]?.id;
  if (!next) {
    await endEnrolment(client, {
      enrolmentId: enrolment.id,
      leadId: enrolment.lead_id,
      sequenceId: enrolment.sequence_id,
      sequenceName: enrolment.sequence_name,
      reason: 'completed',
      text: COMPLETED_TEXT,
      by: null,
      now,
    });
    return;
  }
  const due = step.kind === 'wait' ? addBusinessDays(now, step.row.wait_days ?? 1) : now;
  await client.query('UPDATE sequence_enrolments SET next_step_id = $2, next_due_at = $3 WHERE id = $1', [enrolment.id, next, due]);
  await scheduleStep(deps.jobs, client, enrolment.id, next, due);
}
