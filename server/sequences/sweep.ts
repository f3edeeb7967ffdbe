/**
 * The minute's pass (a cron job, so one instance runs each tick). Idempotent, so a repeated or
 * retried pass does no harm:
 * 1. new leads (`sequence_pending`) are matched against the enrolment rules and enrolled, in
 *    batches, off the request that stored them;
 * 2. enrolments whose lead replied or reached an exit stage end now, not at their next step;
 * 3. due steps whose job went missing (a paused sequence resumed, a job out of retries) get one.
 */
import type { SequenceDeps } from './engine-deps';
import { endEnrolment, enrol, lockEnrolmentLead, scheduleStep } from './enrolments';
import { exitReason, REPLIED_SQL } from './exit-conditions';

const BATCH = 200;
/** A due step's own job normally runs within seconds; only one this late is sent again. */
const OVERDUE_SECONDS = 30;

/** A rule's fields that describe the lead (`c`); an absent one matches any lead. */
export const RULE_FITS_LEAD = `(r->>'course_type' IS NULL OR (r->>'course_type')::int = c.course_type)
    AND (r->>'course_id' IS NULL OR r->>'course_id' = c.course_id::text)
    AND (r->>'location' IS NULL OR (r->>'location')::int = c.location)
    AND (r->>'source' IS NULL OR (r->>'source')::int = c.source)`;

// Rules with an event outcome (issue 24) enrol when attendance is recorded (event-outcome.ts), never at intake.
const RULE_MATCHES = `EXISTS (SELECT 1 FROM jsonb_array_elements(s.enrol_rules) r
  WHERE r->>'event_outcome' IS NULL AND ${RULE_FITS_LEAD})`;

/** Enrols one batch of new leads; resolves with how many leads it took (0: none left). */
export async function enrolNewLeads(deps: SequenceDeps): Promise<number> {
  const now = deps.now();
  return deps.db.transaction(async (client) => {
    const { rows } = await client.query<{ lead_id: string; sequence_id: string | null }>(
      `WITH batch AS (SELECT id FROM leads WHERE sequence_pending AND NOT repeat_pending ORDER BY created_at LIMIT ${BATCH} FOR UPDATE SKIP LOCKED),
            cleared AS (UPDATE leads l SET sequence_pending = false FROM batch WHERE l.id = batch.id
                        RETURNING l.id, l.course_type, l.course_id, l.location, l.source)
       SELECT c.id AS lead_id, s.id::text AS sequence_id
         FROM cleared c LEFT JOIN sequences s ON NOT s.paused AND ${RULE_MATCHES}
        ORDER BY c.id, s.id`,
    );
    for (const row of rows) {
      if (row.sequence_id) await enrol(deps.jobs, client, { leadId: row.lead_id, sequenceId: row.sequence_id, by: null, now });
    }
    return new Set(rows.map((row) => row.lead_id)).size;
  });
}

/** Ends the enrolments whose lead replied or reached an exit stage; resolves with how many. */
export async function endFinishedEnrolments(deps: SequenceDeps): Promise<number> {
  const { rows } = await deps.db.pool.query<{ id: string }>(
    `SELECT e.id::text AS id FROM sequence_enrolments e JOIN sequences s ON s.id = e.sequence_id JOIN leads l ON l.id = e.lead_id
      WHERE e.state = 'active' AND (l.stage = ANY(s.exit_stages) OR ${REPLIED_SQL}) LIMIT ${BATCH}`,
  );
  let ended = 0;
  for (const { id } of rows) {
    const now = deps.now();
    await deps.db.transaction(async (client) => {
      await lockEnrolmentLead(client, id);
      const { rows: locked } = await client.query<{
        lead_id: string;
        sequence_id: string;
        name: string;
        enrolled_at: Date;
        stage: number;
        exit_stages: number[];
      }>(
        `SELECT e.lead_id, e.sequence_id::text AS sequence_id, s.name, e.enrolled_at, l.stage, s.exit_stages
           FROM sequence_enrolments e JOIN sequences s ON s.id = e.sequence_id JOIN leads l ON l.id = e.lead_id
          WHERE e.id = $1 AND e.state = 'active' FOR UPDATE OF e`,
        [id],
      );
      const row = locked[0];
      if (!row) return;
      const exit = await exitReason(client, {
        leadId: row.lead_id,
        enrolledAt: new Date(row.enrolled_at),
        stage: row.stage,
        exitStages: row.exit_stages.map(Number),
      });
      if (!exit) return;
      const base = { enrolmentId: id, leadId: row.lead_id, sequenceId: row.sequence_id, sequenceName: row.name, by: null, now };
      if (await endEnrolment(client, { ...base, reason: exit.reason, text: exit.text })) ended += 1;
    });
  }
  return ended;
}

/** Sends a job for each due step of a running sequence that is late (its job lost); resolves with how many. */
export async function resendOverdue(deps: SequenceDeps): Promise<number> {
  const now = deps.now();
  const { rows } = await deps.db.pool.query<{ id: string; step_id: string; due: Date }>(
    `SELECT e.id::text AS id, e.next_step_id::text AS step_id, e.next_due_at AS due
       FROM sequence_enrolments e JOIN sequences s ON s.id = e.sequence_id
      WHERE e.state = 'active' AND NOT s.paused AND e.next_due_at <= $1 ORDER BY e.next_due_at LIMIT ${BATCH * 5}`,
    [new Date(now.getTime() - OVERDUE_SECONDS * 1000)],
  );
  for (const row of rows) await scheduleStep(deps.jobs, deps.db.pool, row.id, row.step_id ?? 'end', new Date(row.due));
  return rows.length;
}

export async function sweep(deps: SequenceDeps): Promise<{ enrolled: number; ended: number; resent: number }> {
  let enrolled = 0;
  for (let taken = await enrolNewLeads(deps); taken > 0; taken = await enrolNewLeads(deps)) enrolled += taken;
  return { enrolled, ended: await endFinishedEnrolments(deps), resent: await resendOverdue(deps) };
}
