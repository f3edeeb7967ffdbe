/**
 * The person's consent as the preference page tells them (issue 31): why the college may write to
 * them and until when, in a plain sentence with the days in words ("You asked about a program on
 * November 27, 2026, so we may e-mail you about programs until May 27, 2027."), not staff's line
 * ("Implied consent until 2027-05-27"). The days are Toronto days, as consent-status.ts counts them.
 */
import type { Queryable } from '../db/database';
import { formatLongDay } from '../../src/college-time';
import { REGISTRATION_KEY_PREFIX } from '../leads';
import { consentFacts, impliedBasis, normalEmail, stateOf, type ConsentFacts, type ConsentState } from './consent-status';

/** What gave implied consent: an inquiry through the form, an event registration, or an enrolment. */
export type ConsentReason = 'inquiry' | 'registration' | 'enrolment';

const REASONS: Record<ConsentReason, (since: string) => string> = {
  inquiry: (since) => `You asked about a program on ${since}`,
  registration: (since) => `You registered for one of our events on ${since}`,
  enrolment: (since) => `You enrolled with us on ${since}`,
};

export function consentSentence(state: ConsentState, reason: ConsentReason | null): string {
  const since = state.since ? formatLongDay(state.since) : '';
  const until = state.until ? formatLongDay(state.until) : '';
  if (state.kind === 'express')
    return `You agreed on ${since} that we may e-mail you about programs, so we may do so until you tell us to stop.`;
  if (state.kind === 'withdrawn') return `You asked us on ${since} to stop, so we send you no e-mails about programs, intakes or offers.`;
  if (state.kind === 'implied' && reason) return `${REASONS[reason](since)}, so we may e-mail you about programs until ${until}.`;
  if (reason && until)
    return `${REASONS[reason](since)}, so we could e-mail you about programs until ${until}. That time is over: we send you none.`;
  return 'We have nothing from you that lets us e-mail you about programs, so we send you none.';
}

/** Whether the newest lead of the address, the inquiry implied consent counts from, came from an event registration. */
async function latestIsRegistration(db: Queryable, email: string, now: Date): Promise<boolean> {
  const { rows } = await db.query<{ registration: boolean }>(
    `SELECT coalesce(idempotency_key LIKE $3, false) AS registration FROM leads
      WHERE lower(email) = $1 AND created_at <= $2 ORDER BY created_at DESC, id DESC LIMIT 1`,
    [normalEmail(email), now, `${REGISTRATION_KEY_PREFIX}%`],
  );
  return rows[0]?.registration === true;
}

async function reasonOf(db: Queryable, email: string, facts: ConsentFacts, now: Date): Promise<ConsentReason | null> {
  const basis = impliedBasis(facts);
  if (!basis) return null;
  if (basis.what === 'enrolment') return 'enrolment';
  return (await latestIsRegistration(db, email, now)) ? 'registration' : 'inquiry';
}

/** The state (for the page's choices) and the sentence that tells it. */
export async function consentForPerson(db: Queryable, email: string, now: Date): Promise<{ state: ConsentState; sentence: string }> {
  const facts = await consentFacts(db, email, now);
  const state = stateOf(facts, now);
  return { state, sentence: consentSentence(state, await reasonOf(db, email, facts, now)) };
}
