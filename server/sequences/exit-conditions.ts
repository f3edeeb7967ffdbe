/**
 * Why an enrolment ends before its last step. A reply is read from the lead's timeline (a
 * lead_events row of kind 'reply', written by the IMAP reader for every attached reply), so this
 * works whether or not leads carry a last_reply_at column.
 */
import type { Queryable } from '../db/database';
import { LEAD_STAGES, lookupTitle } from '../../src/lookups';

export type LeftReason = 'replied' | 'stage' | 'consent' | 'removed' | 'merged';

/** A reply attached to the lead after `since` (its enrolment). */
export async function repliedSince(db: Queryable, leadId: string, since: Date): Promise<boolean> {
  const { rows } = await db.query(`SELECT 1 FROM lead_events WHERE lead_id = $1 AND kind = 'reply' AND created_at > $2 LIMIT 1`, [
    leadId,
    since,
  ]);
  return rows.length > 0;
}

/** SQL for the same test over many enrolments: `e` is sequence_enrolments. */
export const REPLIED_SQL = `EXISTS (SELECT 1 FROM lead_events r WHERE r.lead_id = e.lead_id AND r.kind = 'reply' AND r.created_at > e.enrolled_at)`;

export interface ExitFacts {
  leadId: string;
  enrolledAt: Date;
  stage: number;
  exitStages: number[];
}

/** The reason the enrolment must end now (reply or exit stage), or null. */
export async function exitReason(db: Queryable, facts: ExitFacts): Promise<{ reason: LeftReason; text: string } | null> {
  if (await repliedSince(db, facts.leadId, facts.enrolledAt)) return { reason: 'replied', text: 'The lead replied.' };
  if (facts.exitStages.includes(facts.stage)) {
    return { reason: 'stage', text: `The lead's stage became ${lookupTitle(LEAD_STAGES, facts.stage)}.` };
  }
  return null;
}

export const REMOVED_TEXT = 'Removed from the sequence by a person.';
export const COMPLETED_TEXT = 'Every step is done.';
