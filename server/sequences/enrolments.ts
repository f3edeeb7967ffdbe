/**
 * Entering and leaving a sequence, each written to the lead's timeline in the caller's
 * transaction, with the job of the first step sent in that same transaction (it exists only if
 * the enrolment commits).
 */
import type { Queryable } from '../db/database';
import type { JobQueue } from '../jobs/job-queue';
import { STEP_QUEUE, type StepJob } from './engine-deps';
import type { LeftReason } from './exit-conditions';
import { recordLeadEvent } from '../timeline/lead-events';

/** Sends the job that runs the enrolment's next step at `at` (a second one with the same key waits out). */
export async function scheduleStep(jobs: JobQueue, client: Queryable, enrolmentId: string, stepId: string, at: Date): Promise<void> {
  const data: StepJob = { enrolmentId, stepId };
  await jobs.send(STEP_QUEUE.name, data, { within: client, startAfter: at, singletonKey: `${enrolmentId}:${stepId}` });
}

/**
 * Takes the share lock of the enrolment's lead, to be called before the enrolment's row lock: a merge
 * locks the two leads, then moves their enrolments, so a writer that held an enrolment and then
 * waited for its lead (a step, or the timeline insert's key check when the lead leaves) deadlocked
 * with it (found by test/api/merge-while-step-runs.test.ts). A lead merged while we waited is a
 * tombstone whose enrolments moved with the merge: read again, and lock the lead they moved to.
 */
export async function lockEnrolmentLead(client: Queryable, enrolmentId: string): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const { rows } = await client.query<{ merged_into: string | null }>(
      'SELECT l.merged_into FROM sequence_enrolments e JOIN leads l ON l.id = e.lead_id WHERE e.id = $1 FOR SHARE OF l',
      [enrolmentId],
    );
    if (!rows[0]?.merged_into) return;
  }
}

export interface EnrolOptions {
  leadId: string;
  sequenceId: string;
  /** The staff member who enrolled the lead; null when a rule did. */
  by: string | null;
  now: Date;
}

/** Enrols a lead; resolves with the enrolment's id, or null when it is already in that sequence (or it has no step). */
export async function enrol(jobs: JobQueue, client: Queryable, options: EnrolOptions): Promise<string | null> {
  const { rows } = await client.query<{ id: string; step_id: string; name: string }>(
    `INSERT INTO sequence_enrolments (sequence_id, lead_id, next_step_id, next_due_at, enrolled_at, enrolled_by)
     SELECT s.id, $2, first.id, $3, $3, $4 FROM sequences s
       JOIN LATERAL (SELECT id FROM sequence_steps WHERE sequence_id = s.id AND removed_at IS NULL ORDER BY position, id LIMIT 1) first ON true
      WHERE s.id = $1
     ON CONFLICT (sequence_id, lead_id) WHERE state = 'active' DO NOTHING
     RETURNING id, next_step_id AS step_id, (SELECT name FROM sequences WHERE id = $1) AS name`,
    [options.sequenceId, options.leadId, options.now, options.by],
  );
  const row = rows[0];
  if (!row) return null;
  const id = String(row.id);
  await recordLeadEvent(client, {
    kind: 'sequence_enrolled',
    leadId: options.leadId,
    actorId: options.by,
    detail: { sequence_id: options.sequenceId, sequence: row.name, by_rule: options.by === null },
    at: options.now,
  });
  await scheduleStep(jobs, client, id, String(row.step_id), options.now);
  return id;
}

export interface LeaveOptions {
  enrolmentId: string;
  leadId: string;
  sequenceId: string;
  sequenceName: string;
  reason: LeftReason | 'completed';
  text: string;
  by: string | null;
  now: Date;
}

/** Ends an active enrolment (left, or completed after its last step); false when it was not active. */
export async function endEnrolment(client: Queryable, options: LeaveOptions): Promise<boolean> {
  const completed = options.reason === 'completed';
  const { rowCount } = await client.query(
    `UPDATE sequence_enrolments SET state = $2, left_reason = $3, left_by = $4, ended_at = $5, next_step_id = NULL, next_due_at = NULL
      WHERE id = $1 AND state = 'active'`,
    [options.enrolmentId, completed ? 'completed' : 'left', completed ? null : options.reason, options.by, options.now],
  );
  if (rowCount !== 1) return false;
  await recordLeadEvent(client, {
    kind: 'sequence_left',
    leadId: options.leadId,
    actorId: options.by,
    detail: { sequence_id: options.sequenceId, sequence: options.sequenceName, reason: options.reason, text: options.text },
    at: options.now,
  });
  return true;
}
