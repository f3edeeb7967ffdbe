/**
 * Sequences triggered by attendance (issue 24): a rule with `event_outcome` enrols a lead when its
 * attendance at an event is recorded ('attended' at check-in, 'no_show' when the event ends), in
 * the transaction that records it. The rule's other fields (course type, course, location, source)
 * still describe the lead. As at intake, a paused sequence takes nobody; a lead already at one of
 * the sequence's exit stages is not enrolled only to be taken out at the next sweep; a merged or
 * anonymised lead is never enrolled. Consent is checked by each e-mail step, as for every enrolment.
 */
import type { Queryable } from '../db/database';
import type { JobQueue } from '../jobs/job-queue';
import { enrol } from './enrolments';
import { RULE_FITS_LEAD } from './sweep';

export type EventOutcome = 'attended' | 'no_show';

/** Enrols the lead in every running sequence with a rule for `outcome`; resolves with how many took it. */
export async function enrolForEventOutcome(
  jobs: JobQueue,
  client: Queryable,
  leadId: string,
  outcome: EventOutcome,
  now: Date,
): Promise<number> {
  const { rows } = await client.query<{ sequence_id: string }>(
    `SELECT s.id::text AS sequence_id
       FROM leads c JOIN sequences s ON NOT s.paused AND NOT (c.stage = ANY(s.exit_stages))
      WHERE c.id = $1 AND c.merged_into IS NULL AND c.anonymised_at IS NULL
        AND EXISTS (SELECT 1 FROM jsonb_array_elements(s.enrol_rules) r WHERE r->>'event_outcome' = $2 AND ${RULE_FITS_LEAD})
      ORDER BY s.id`,
    [leadId, outcome],
  );
  let enrolled = 0;
  for (const row of rows) if (await enrol(jobs, client, { leadId, sequenceId: row.sequence_id, by: null, now })) enrolled += 1;
  return enrolled;
}
