/**
 * The person's lead for a registration (issue 24), by the repeat-inquiry rules of issue 23
 * (server/repeat/, decisions.md "Repeat inquiries"): an open lead (stages 1–5, not a repeat, not
 * merged) with the same e-mail, case ignored, created within REPEAT_MATCH_DAYS, is joined (the
 * oldest, as the repeat pass picks); otherwise a new lead is stored exactly as POST /api/leads
 * stores one (server/leads/store.ts), so the repeat pass, the notifications, assignment and the
 * sequences' sweep take it through their usual passes. Leads the repeat pass has not settled yet
 * count too, so two registrations in a row join one lead instead of making a repeat row.
 */
import crypto from 'node:crypto';
import type { Queryable } from '../db/database';
import { NEED_ADVICE_COURSE_ID } from '../../src/contract';
import type { Catalogue } from '../catalogue/catalogue';
import { newId } from '../auth/tokens';
import { insertLead, REGISTRATION_KEY_PREFIX, type LeadRecord } from '../leads';
import { CLOSED_STAGE_MIN } from '../repeat/open-lead';
import type { ValidRegistration } from './registration-input';

/**
 * The oldest open lead with this e-mail, as a scalar subquery over the caller's parameters (`email`,
 * `now` and `days` are placeholders such as '$2'): registration reads it in the same round trip as
 * the event. Two index scans: settled leads by e-mail, and leads the repeat pass has not settled yet.
 */
export function openLeadSubquery(email: string, now: string, days: string): string {
  const open = `parent_lead_id IS NULL AND merged_into IS NULL AND stage < ${CLOSED_STAGE_MIN} AND created_at >= ${now}::timestamptz - make_interval(days => ${days})`;
  return `(SELECT trim(id) FROM (
    (SELECT id, created_at FROM leads WHERE lower(email) = lower(${email}) AND NOT repeat_pending AND ${open} ORDER BY created_at LIMIT 1)
    UNION ALL
    (SELECT id, created_at FROM leads WHERE repeat_pending AND lower(email) = lower(${email}) AND ${open} ORDER BY created_at LIMIT 1)
  ) found ORDER BY created_at LIMIT 1)`;
}

export interface LeadSettings {
  catalogue: Catalogue;
}

/** A new lead for a person without an open one (openLeadSubquery found none); returns its id. */
export async function newLeadFor(
  tx: Queryable,
  settings: LeadSettings,
  person: ValidRegistration & { course_id: string | null },
  context: { origin: string | null; landingPage: string; now: Date },
): Promise<string> {
  const course =
    person.course_id && person.course_id !== NEED_ADVICE_COURSE_ID ? settings.catalogue.courseById(person.course_id) : undefined;
  const lead: LeadRecord = {
    id: newId(),
    // Never replayed by a client: a fresh key per registration (the column is unique and required).
    idempotency_key: `${REGISTRATION_KEY_PREFIX}${crypto.randomBytes(12).toString('hex')}`,
    first_name: person.first_name,
    last_name: person.last_name,
    email: person.email,
    phone: person.phone,
    lead_type: 1,
    address: '',
    source: 1,
    course_id: person.course_id,
    course_type: course?.course_type ?? null,
    // The registration form does not ask; local is the inquiry form's default too.
    location: 1,
    financial_aid: false,
    utm_source: null,
    utm_medium: null,
    utm_campaign: null,
    utm_term: null,
    utm_content: null,
    landing_page: context.landingPage,
    referrer: null,
    created_at: context.now.toISOString(),
    origin: context.origin,
  };
  await insertLead(tx, lead);
  return lead.id;
}
