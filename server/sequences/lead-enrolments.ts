/**
 * A lead's sequences as the lead page shows them, and enrolling or removing a lead by hand
 * (written to its timeline with who did it; the first step's job is sent in the same transaction).
 */
import type { Database, Queryable } from '../db/database';
import type { JobQueue } from '../jobs/job-queue';
import type { LeadEnrolment } from '../../src/sequences-contract';
import { describeStep } from '../../src/sequence-text';
import { Conflict, NotFound } from '../domain-errors';
import { endEnrolment, enrol, lockEnrolmentLead } from './enrolments';
import { REMOVED_TEXT } from './exit-conditions';
import { toStep, type StepRow } from './sequence-store';

export const ALREADY_ENROLLED_MESSAGE = 'This lead is already in this sequence.';
export const NOT_ENROLLED_MESSAGE = 'This lead is not in that sequence any more.';
export const NO_SEQUENCE_MESSAGE = 'There is no such sequence, or it has no steps.';

const REASONS: Record<string, string> = {
  replied: 'Replied',
  stage: 'Reached an exit stage',
  consent: 'No consent for e-mail',
  removed: 'Removed by a person',
  merged: 'Merged into another lead',
};

interface Row extends Partial<StepRow> {
  enrolment_id: string;
  sequence_id: string;
  sequence_name: string;
  state: LeadEnrolment['state'];
  enrolled_at: Date;
  next_due_at: Date | null;
  ended_at: Date | null;
  left_reason: string | null;
  template_name: string | null;
}

const iso = (date: Date | null) => (date ? new Date(date).toISOString() : null);

export async function leadEnrolments(db: Queryable, leadId: string): Promise<LeadEnrolment[]> {
  const { rows } = await db.query<Row>(
    `SELECT e.id::text AS enrolment_id, s.id::text AS sequence_id, s.name AS sequence_name, e.state, e.enrolled_at, e.next_due_at, e.ended_at, e.left_reason,
            st.id::text AS id, st.kind, st.template_id::text AS template_id, st.task_type, st.task_subject, st.wait_days, t.name AS template_name
       FROM sequence_enrolments e JOIN sequences s ON s.id = e.sequence_id
       LEFT JOIN sequence_steps st ON st.id = e.next_step_id LEFT JOIN email_templates t ON t.id = st.template_id
      WHERE e.lead_id = $1 ORDER BY e.enrolled_at DESC, e.id DESC`,
    [leadId],
  );
  return rows.map((row) => ({
    id: row.enrolment_id,
    sequence: { id: row.sequence_id, name: row.sequence_name },
    state: row.state,
    enrolled_at: new Date(row.enrolled_at).toISOString(),
    next_due_at: iso(row.next_due_at),
    next_step:
      row.kind && row.state === 'active' ? describeStep(toStep(row as StepRow), () => row.template_name ?? 'a removed template') : null,
    ended_at: iso(row.ended_at),
    left_reason: row.state === 'left' ? (REASONS[row.left_reason ?? ''] ?? row.left_reason) : null,
  }));
}

export async function enrolByHand(
  db: Database,
  jobs: JobQueue,
  leadId: string,
  sequenceId: string,
  actorId: string,
  now = new Date(),
): Promise<void> {
  await db.transaction(async (client) => {
    const { rows } = await client.query(
      `SELECT 1 FROM sequences s WHERE s.id = $1 AND EXISTS (SELECT 1 FROM sequence_steps WHERE sequence_id = s.id AND removed_at IS NULL)`,
      [sequenceId],
    );
    if (rows.length === 0) throw new NotFound(NO_SEQUENCE_MESSAGE);
    if (!(await enrol(jobs, client, { leadId, sequenceId, by: actorId, now }))) throw new Conflict(ALREADY_ENROLLED_MESSAGE);
  });
}

export async function removeByHand(db: Database, leadId: string, enrolmentId: string, actorId: string, now = new Date()): Promise<void> {
  if (!/^\d{1,18}$/.test(enrolmentId)) throw new NotFound(NOT_ENROLLED_MESSAGE);
  await db.transaction(async (client) => {
    await lockEnrolmentLead(client, enrolmentId);
    const { rows } = await client.query<{ sequence_id: string; name: string }>(
      `SELECT e.sequence_id::text AS sequence_id, s.name FROM sequence_enrolments e JOIN sequences s ON s.id = e.sequence_id
        WHERE e.id = $1 AND e.lead_id = $2 AND e.state = 'active' FOR UPDATE OF e`,
      [enrolmentId, leadId],
    );
    const row = rows[0];
    if (!row) throw new NotFound(NOT_ENROLLED_MESSAGE);
    await endEnrolment(client, {
      enrolmentId,
      leadId,
      sequenceId: row.sequence_id,
      sequenceName: row.name,
      reason: 'removed',
      text: REMOVED_TEXT,
      by: actorId,
      now,
    });
  });
}
