/**
 * The job of a due step. In one transaction it locks the enrolment (and the lead, so a merge waits
 * for it or it waits for the merge), checks why it might not run (ended, paused, not due, a reply
 * or an exit stage, consent for an e-mail, outside business hours for an e-mail), claims the step's
 * run row, does the step (the e-mail is queued, the task inserted, in the same transaction), writes
 * the timeline and sends the next step's job. A crash anywhere before COMMIT leaves nothing: the job
 * runs again; after COMMIT, the claimed run row makes a second run of the same step a no-op.
 */
import type { Queryable } from '../db/database';
import { allowsCommercial, consentFor } from '../consent';
import { isBusinessTime, nextBusinessTime } from '../time/business-hours';
import type { SequenceDeps, StepJob } from './engine-deps';
import { endEnrolment, lockEnrolmentLead, scheduleStep } from './enrolments';
import { exitReason } from './exit-conditions';
import { performStep, stepSummary, type LockedEnrolment } from './step-actions';
import { advance, claimRun, recordOutcome } from './step-progress';

async function lockEnrolment(client: Queryable, enrolmentId: string): Promise<LockedEnrolment | null> {
  if (!/^\d{1,18}$/.test(enrolmentId)) return null;
  await lockEnrolmentLead(client, enrolmentId);
  const { rows } = await client.query<LockedEnrolment>(
    `SELECT e.id::text AS id, e.lead_id, e.sequence_id::text AS sequence_id, e.state, e.next_step_id::text AS next_step_id, e.next_due_at, e.enrolled_at,
            s.name AS sequence_name, s.paused, s.exit_stages, l.stage, l.email, l.owner_id
       FROM sequence_enrolments e JOIN sequences s ON s.id = e.sequence_id JOIN leads l ON l.id = e.lead_id
      WHERE e.id = $1 FOR UPDATE OF e FOR SHARE OF l`,
    [enrolmentId],
  );
  return rows[0] ?? null;
}

export async function runStepJob(deps: SequenceDeps, job: StepJob): Promise<void> {
  const now = deps.now();
  await deps.db.transaction(async (client) => {
    const enrolment = await lockEnrolment(client, job.enrolmentId);
    // Ended, or paused (resuming sends the jobs again): nothing to do.
    if (!enrolment || enrolment.state !== 'active' || enrolment.paused) return;
    const ending = {
      enrolmentId: enrolment.id,
      leadId: enrolment.lead_id,
      sequenceId: enrolment.sequence_id,
      sequenceName: enrolment.sequence_name,
      by: null,
      now,
    };
    if (!enrolment.next_step_id) {
      await endEnrolment(client, { ...ending, reason: 'completed', text: 'Every step is done.' });
      return;
    }
    // A job for an earlier time (a step edited out, a duplicate from the sweep): wait for the real one.
    if (enrolment.next_due_at && new Date(enrolment.next_due_at) > now) {
      await scheduleStep(deps.jobs, client, enrolment.id, enrolment.next_step_id, new Date(enrolment.next_due_at));
      return;
    }
    const exit = await exitReason(client, {
      leadId: enrolment.lead_id,
      enrolledAt: new Date(enrolment.enrolled_at),
      stage: enrolment.stage,
      exitStages: enrolment.exit_stages.map(Number),
    });
    if (exit) {
      await endEnrolment(client, { ...ending, reason: exit.reason, text: exit.text });
      return;
    }
    const step = await stepSummary(client, enrolment.next_step_id);
    if (step.kind === 'email') {
      const consent = await consentFor(client, enrolment.email, now);
      if (!allowsCommercial(consent)) {
        if (await claimRun(client, enrolment.id, step.id, now))
          await recordOutcome(client, enrolment, step, { taken: false, reason: consent.line }, now);
        await endEnrolment(client, { ...ending, reason: 'consent', text: `No consent for commercial e-mail: ${consent.line}` });
        return;
      }
      if (!isBusinessTime(now)) {
        const at = nextBusinessTime(now);
        await client.query('UPDATE sequence_enrolments SET next_due_at = $2 WHERE id = $1', [enrolment.id, at]);
        await scheduleStep(deps.jobs, client, enrolment.id, step.id, at);
        return;
      }
    }
    // The unique run row: a step that already ran for this enrolment never runs again.
    if (!(await claimRun(client, enrolment.id, step.id, now))) return;
    const outcome = await performStep(deps, client, enrolment, step, now);
    await recordOutcome(client, enrolment, step, outcome, now);
    if (outcome.leave) {
      await endEnrolment(client, { ...ending, reason: outcome.leave, text: outcome.reason });
      return;
    }
    await advance(deps, client, enrolment, step, now);
  });
}
