/**
 * Express consent a person gave another way (on the phone, in person, on paper), recorded by staff
 * on the lead page (issue 35): CASL asks the college to be able to show how, when and by whom it
 * was obtained. The record keeps the staff member, their note of how it was given (the evidence),
 * the day it was given and the wording agreed to (with its version); the audit log keeps who
 * recorded it for which lead and the day given, never the note. Record and entry commit together.
 *
 * The day given is a Toronto calendar day: not in the future, and not more than
 * EARLIEST_MONTHS_BEFORE_INQUIRY before the person's first inquiry (anything older is most likely a
 * typed year). Consent given before the person's latest unsubscribe no longer counts, so such a day
 * is refused; an address whose latest record is already express consent is a 409.
 */
import { z } from 'zod';
import type { Database } from '../db/database';
import type { AuditWho } from '../audit/audit-log';
import { recordAudit } from '../audit/audit-log';
import { Conflict, invalidField } from '../domain-errors';
import { addMonths, dayStart } from './consent-dates';
import { torontoDate } from '../../src/college-time';
import { recordConsent } from './consent-store';
import { CONSENT_WORDING, wordingVersion } from './consent-wording';

export const EVIDENCE_MIN = 10;
export const EVIDENCE_MAX = 1000;
export const WORDING_MAX = 2000;
/** How far before the first inquiry a day given may be (a meeting at a fair before the person wrote). */
export const EARLIEST_MONTHS_BEFORE_INQUIRY = 24;

export const EVIDENCE_MESSAGE = `Please describe how and where the person gave consent (at least ${EVIDENCE_MIN} characters).`;
export const EVIDENCE_LONG_MESSAGE = `Please keep the description to at most ${EVIDENCE_MAX} characters.`;
export const DAY_GIVEN_MESSAGE = 'Please give the date the person gave consent.';
export const FUTURE_DAY_MESSAGE = 'The date consent was given cannot be in the future.';
export const WORDING_MESSAGE = `The wording agreed to must be text of at most ${WORDING_MAX} characters.`;
export const ALREADY_EXPRESS_MESSAGE = "This person's express consent is already recorded.";

const isCalendarDay = (value: string): boolean => {
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return y >= 1900 && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
};

export const recordedConsentSchema = z.object(
  {
    evidence: z
      .string({ error: EVIDENCE_MESSAGE })
      .trim()
      .min(EVIDENCE_MIN, { error: EVIDENCE_MESSAGE })
      .max(EVIDENCE_MAX, { error: EVIDENCE_LONG_MESSAGE }),
    obtained_on: z
      .string({ error: DAY_GIVEN_MESSAGE })
      .regex(/^\d{4}-\d{2}-\d{2}$/, { error: DAY_GIVEN_MESSAGE, abort: true })
      .refine(isCalendarDay, { error: DAY_GIVEN_MESSAGE, abort: true })
      // Checked here, with the other fields, so one answer names every field at fault.
      .refine((day) => day <= torontoDate(new Date()), { error: FUTURE_DAY_MESSAGE }),
    wording: z.string({ error: WORDING_MESSAGE }).trim().max(WORDING_MAX, { error: WORDING_MESSAGE }).optional(),
  },
  { error: 'Please send how and when the person gave consent.' },
);

export type RecordedConsentInput = z.output<typeof recordedConsentSchema>;

export interface Recorder extends AuditWho {
  actorId: string;
  name: string;
}

interface PersonRow {
  email: string;
  first_inquiry: Date;
  latest_kind: 'express' | 'withdrawn' | null;
  latest_at: Date | null;
}

const PERSON_SQL = /* sql */ `
  SELECT l.email,
         (SELECT min(o.created_at) FROM leads o WHERE lower(o.email) = lower(l.email)) AS first_inquiry,
         r.kind AS latest_kind, r.created_at AS latest_at
    FROM leads l
    LEFT JOIN LATERAL (SELECT kind, created_at FROM consent_records WHERE email = lower(btrim(l.email))
                        ORDER BY created_at DESC, id DESC LIMIT 1) AS r ON true
   WHERE l.id = $1`;

/** Records the consent and its audit entry in one transaction; false when there is no such lead. */
export async function recordStaffConsent(db: Database, leadId: string, who: Recorder, input: RecordedConsentInput): Promise<boolean> {
  if (!/^[0-9a-f]{24}$/.test(leadId)) return false;
  return db.transaction(async (client) => {
    const { rows } = await client.query<PersonRow>(PERSON_SQL, [leadId]);
    const person = rows[0];
    if (!person) return false;
    if (person.latest_kind === 'express') throw new Conflict(ALREADY_EXPRESS_MESSAGE);
    const day = input.obtained_on;
    const earliest = addMonths(torontoDate(person.first_inquiry), -EARLIEST_MONTHS_BEFORE_INQUIRY);
    if (day < earliest) {
      throw invalidField(
        'obtained_on',
        `The date consent was given cannot be before ${earliest}, two years before this person's first inquiry. Please check the year.`,
      );
    }
    if (person.latest_kind === 'withdrawn' && person.latest_at && torontoDate(person.latest_at) > day) {
      throw invalidField(
        'obtained_on',
        `This person unsubscribed on ${torontoDate(person.latest_at)}, after this date, so this consent no longer counts. ` +
          'Please record consent they give after unsubscribing.',
      );
    }
    const wording = input.wording || CONSENT_WORDING;
    const written = await recordConsent(client, {
      email: person.email,
      kind: 'express',
      method: 'recorded by staff',
      wording,
      form: `CRM, wording ${wordingVersion(wording)}`,
      source: `CRM, recorded by ${who.name}`,
      ip: who.ip,
      recordedBy: who.actorId,
      evidence: input.evidence,
      obtainedAt: dayStart(day),
    });
    // Another member recorded it in the same instant.
    if (!written) throw new Conflict(ALREADY_EXPRESS_MESSAGE);
    await recordAudit(client, {
      actorId: who.actorId,
      ip: who.ip,
      action: 'consent.recorded',
      details: { lead_id: leadId, obtained_on: day },
    });
    return true;
  });
}
