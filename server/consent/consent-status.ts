/**
 * Whether the college may send a commercial message to an address now (CASL), and the one line
 * staff and refusals show. Express consent (an opt-in on the consent page) does not expire; a
 * withdrawal ends any consent until the person opts in again (a later inquiry does not undo an
 * unsubscribe: we would rather ask again, through the opt-in link of its confirmation). Otherwise
 * consent is implied by the latest inquiry for 6 months, or by an enrolment for 2 years (a lead
 * moved to stage 6, "Current Student", as recorded in lead_events when the stage changed).
 * Nothing is written for implied consent: it is read from the leads themselves.
 */
import type { Queryable } from '../db/database';
import { addMonths, dayStart } from './consent-dates';
import { torontoDate } from '../../src/college-time';

export type ConsentState = { kind: 'express' | 'implied' | 'withdrawn' | 'none'; line: string; since?: string; until?: string };

/** "Current Student" (src/lookups.ts LEAD_STAGES): the enrolment contract. */
export const ENROLLED_STAGE = 6;
export const INQUIRY_MONTHS = 6;
export const ENROLMENT_MONTHS = 24;

/** What the state is made from: the latest of each, at or before `now`. */
export interface ConsentFacts {
  inquiryAt: Date | null;
  enrolledAt: Date | null;
  record: { kind: 'express' | 'withdrawn'; at: Date } | null;
}

const FACTS_SQL = /* sql */ `
  SELECT (SELECT max(created_at) FROM leads WHERE lower(email) = $1 AND created_at <= $2) AS inquiry_at,
         (SELECT max(e.created_at) FROM lead_events e JOIN leads l ON l.id = e.lead_id
           WHERE lower(l.email) = $1 AND e.kind = 'stage' AND e.detail->>'to' = $3 AND e.created_at <= $2) AS enrolled_at,
         r.kind AS record_kind, r.created_at AS record_at
    FROM (SELECT 1) AS one
    LEFT JOIN LATERAL (SELECT kind, created_at FROM consent_records WHERE email = $1 AND created_at <= $2
                        ORDER BY created_at DESC, id DESC LIMIT 1) AS r ON true`;

interface FactsRow {
  inquiry_at: Date | null;
  enrolled_at: Date | null;
  record_kind: 'express' | 'withdrawn' | null;
  record_at: Date | null;
}

export const normalEmail = (email: string): string => email.trim().toLowerCase();

export async function consentFacts(db: Queryable, email: string, now: Date): Promise<ConsentFacts> {
  const { rows } = await db.query<FactsRow>(FACTS_SQL, [normalEmail(email), now, String(ENROLLED_STAGE)]);
  const row = rows[0];
  if (!row) return { inquiryAt: null, enrolledAt: null, record: null };
  return {
    inquiryAt: row.inquiry_at,
    enrolledAt: row.enrolled_at,
    record: row.record_kind && row.record_at ? { kind: row.record_kind, at: row.record_at } : null,
  };
}

/** Implied consent's basis: whichever of the inquiry and the enrolment runs longer. */
export function impliedBasis(facts: ConsentFacts): { what: 'inquiry' | 'enrolment'; since: string; until: string } | null {
  const candidates = [
    facts.inquiryAt && { what: 'inquiry' as const, since: torontoDate(facts.inquiryAt), months: INQUIRY_MONTHS },
    facts.enrolledAt && { what: 'enrolment' as const, since: torontoDate(facts.enrolledAt), months: ENROLMENT_MONTHS },
  ]
    .filter((c) => !!c)
    .map((c) => ({ what: c.what, since: c.since, until: addMonths(c.since, c.months) }));
  return candidates.reduce<(typeof candidates)[number] | null>((best, c) => (!best || c.until > best.until ? c : best), null);
}

export function stateOf(facts: ConsentFacts, now: Date): ConsentState {
  if (facts.record?.kind === 'withdrawn') {
    const on = torontoDate(facts.record.at);
    return { kind: 'withdrawn', line: `Unsubscribed on ${on}`, since: on };
  }
  if (facts.record?.kind === 'express') {
    const since = torontoDate(facts.record.at);
    return { kind: 'express', line: `Express consent since ${since}`, since };
  }
  const basis = impliedBasis(facts);
  if (!basis) return { kind: 'none', line: 'No consent: no inquiry or opt-in recorded for this address' };
  if (now < dayStart(basis.until)) {
    return {
      kind: 'implied',
      line: `Implied consent until ${basis.until} — ${basis.what} of ${basis.since}`,
      since: basis.since,
      until: basis.until,
    };
  }
  return {
    kind: 'none',
    line: `No consent: implied consent from the ${basis.what} of ${basis.since} ended on ${basis.until}`,
    since: basis.since,
    until: basis.until,
  };
}

export async function consentFor(db: Queryable, email: string, now: Date = new Date()): Promise<ConsentState> {
  return stateOf(await consentFacts(db, email, now), now);
}

export function allowsCommercial(state: ConsentState): boolean {
  return state.kind === 'express' || state.kind === 'implied';
}
