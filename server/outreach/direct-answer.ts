/**
 * A direct answer to someone who unsubscribed (issue 35). CASL lets an answer to the person's own
 * question go without consent, but an unsubscribe asked for no more mail: after one, a direct
 * answer goes only when the person asked something since — a new inquiry with the address, or an
 * e-mail reply on one of their leads (dated by the earlier of its Date header and its arrival, so a
 * reply read late still counts from when it was written). A question asked by phone or in person
 * is answered the same way. Read from what is already stored; nothing new is kept.
 */
import type { Queryable } from '../db/database';
import { normalEmail, type ConsentFacts } from '../consent';
import { torontoDate } from '../../src/college-time';

export const unsubscribedDirectAnswer = (on: string): string =>
  `This person unsubscribed on ${on} and has asked nothing since (no new inquiry or e-mail reply is on record). ` +
  'A direct answer can go only to a question asked after that; if they asked by phone, in person or by writing to you directly, answer them the same way.';

/** Why a direct answer to this address may not go now, or null. */
export async function directAnswerRefusal(db: Queryable, email: string, facts: ConsentFacts, now: Date): Promise<string | null> {
  const withdrawn = facts.record?.kind === 'withdrawn' ? facts.record.at : null;
  if (!withdrawn) return null;
  if (facts.inquiryAt && facts.inquiryAt > withdrawn) return null;
  const { rows } = await db.query<{ asked: boolean }>(
    `SELECT EXISTS (
       SELECT 1 FROM inbound_replies r JOIN leads l ON l.id = r.lead_id
        WHERE lower(l.email) = $1 AND r.received_at <= $3
          AND least(coalesce(r.sent_at, r.received_at), r.received_at) > $2) AS asked`,
    [normalEmail(email), withdrawn, now],
  );
  return rows[0]?.asked ? null : unsubscribedDirectAnswer(torontoDate(withdrawn));
}
