/**
 * What each kind of step does: an e-mail from its template (through the outreach module, which
 * records it as a lead_emails row and queues it in this transaction), or a task for the lead's
 * owner, due at the next business time. A wait does nothing itself: the step after it is due
 * N business days later (step-progress.ts).
 */
import type { Queryable } from '../db/database';
import { sendLeadEmailIn } from '../outreach';
import { allowsCommercial, consentFor } from '../consent';
import { nextBusinessTime } from '../time/business-hours';
import { newId } from '../auth/tokens';
import { describeStep } from '../../src/sequence-text';
import type { SequenceDeps } from './engine-deps';
import { toStep, type StepRow } from './sequence-store';
import type { LeftReason } from './exit-conditions';
import { recordLeadEvent } from '../timeline/lead-events';

export interface LockedEnrolment {
  id: string;
  lead_id: string;
  sequence_id: string;
  state: string;
  next_step_id: string | null;
  next_due_at: Date | null;
  enrolled_at: Date;
  sequence_name: string;
  paused: boolean;
  exit_stages: number[];
  stage: number;
  email: string;
  owner_id: string | null;
}

export interface StepToRun {
  id: string;
  kind: 'email' | 'task' | 'wait';
  row: StepRow;
  /** How the timeline names it: "E-mail: Welcome", "Call for the owner: …", "Wait 2 business days". */
  text: string;
}

export interface StepOutcome {
  taken: boolean;
  reason: string;
  /** The enrolment ends after this step (an e-mail refused for lack of consent). */
  leave?: LeftReason;
}

export async function stepSummary(client: Queryable, stepId: string): Promise<StepToRun> {
  const { rows } = await client.query<StepRow & { template_name: string | null }>(
    `SELECT s.id::text AS id, s.sequence_id::text AS sequence_id, s.position, s.kind, s.template_id::text AS template_id,
            s.task_type, s.task_subject, s.wait_days, t.name AS template_name
       FROM sequence_steps s LEFT JOIN email_templates t ON t.id = s.template_id WHERE s.id = $1`,
    [stepId],
  );
  const row = rows[0];
  if (!row) throw new Error(`sequence step ${stepId} is missing`);
  return { id: row.id, kind: row.kind, row, text: describeStep(toStep(row), () => row.template_name ?? 'a removed template') };
}

async function createTask(client: Queryable, enrolment: LockedEnrolment, row: StepRow, now: Date): Promise<StepOutcome> {
  if (!enrolment.owner_id) return { taken: false, reason: 'The lead has no owner to give the task to.' };
  const id = newId();
  await client.query(
    `INSERT INTO activities (id, lead_id, type, subject, notes, due_at, owner_id, created_by) VALUES ($1, $2, $3, $4, $5, $6, $7, $7)`,
    [
      id,
      enrolment.lead_id,
      row.task_type,
      row.task_subject,
      `From the sequence "${enrolment.sequence_name}".`,
      nextBusinessTime(now),
      enrolment.owner_id,
    ],
  );
  await recordLeadEvent(client, { kind: 'activity', leadId: enrolment.lead_id, actorId: null, detail: { activity_id: id }, at: now });
  return { taken: true, reason: '' };
}

async function sendEmail(
  deps: SequenceDeps,
  client: Queryable,
  enrolment: LockedEnrolment,
  step: StepToRun,
  now: Date,
): Promise<StepOutcome> {
  const result = await sendLeadEmailIn(
    client,
    { config: deps.config, mailer: deps.mailer, catalogue: deps.catalogue },
    {
      leadId: enrolment.lead_id,
      senderId: null,
      templateId: String(step.row.template_id),
      origin: { kind: 'sequence', sequenceId: enrolment.sequence_id, stepId: step.id },
    },
    now,
  );
  if (result.ok) return { taken: true, reason: '' };
  // A refusal for lack of consent (an unsubscribe, a lapsed consent) also ends the enrolment.
  const consent = await consentFor(client, enrolment.email, now);
  return { taken: false, reason: result.reason, ...(allowsCommercial(consent) ? {} : { leave: 'consent' as const }) };
}

export async function performStep(
  deps: SequenceDeps,
  client: Queryable,
  enrolment: LockedEnrolment,
  step: StepToRun,
  now: Date,
): Promise<StepOutcome> {
  if (step.kind === 'email') return sendEmail(deps, client, enrolment, step, now);
  if (step.kind === 'task') return createTask(client, enrolment, step.row, now);
  return { taken: true, reason: '' };
}
