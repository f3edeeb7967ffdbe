/**
 * Writes what a person does about their own consent (consent_records, migration 019): an express
 * opt-in with the wording they saw, or a withdrawal; with when, how, from where and from which
 * client address. An act that would not change the state (opting in again, a second unsubscribe)
 * is not written twice, so a mail client that follows the one-click POST more than once leaves
 * one record. The act also appears on the timeline of the person's newest lead (lead_events
 * `consent_given` / `consent_withdrawn`). A withdrawal also ends, in the same statement, every
 * sequence the person's leads are enrolled in (issue 31: no "In progress · next: E-mail" after an
 * unsubscribe), each with a `sequence_left` entry as the step runner writes it.
 */
import type { Queryable } from '../db/database';
import { normalEmail } from './consent-status';
import { kindCase, leadEventsInsertFrom } from '../timeline/lead-events';

/** Why a sequence ended when its lead unsubscribed (the timeline shows it). */
export const UNSUBSCRIBED_TEXT = 'The person unsubscribed from e-mails about programs.';

/** 'event registration form': written by versions before issue 35 only (a body field is no consent). */
export type ConsentMethod = 'consent page' | 'unsubscribe page' | 'one-click' | 'recorded by staff';

export interface ConsentAct {
  email: string;
  kind: 'express' | 'withdrawn';
  wording?: string;
  /** The form and the version of its wording (consent-wording.ts CONSENT_FORM). */
  form?: string;
  method: ConsentMethod;
  source: string;
  ip: string | null;
  /** Consent staff record on the person's behalf: who, how it was given (the evidence), and when. */
  recordedBy?: string;
  evidence?: string;
  obtainedAt?: Date;
}

/**
 * One statement: inserts unless the address's latest record already is of this kind. Returns
 * whether a record was written. Two identical acts at the same instant may both be written (no
 * lock): harmless, the state is the same.
 */
const RECORD_SQL = /* sql */ `
  WITH written AS (
    INSERT INTO consent_records (email, kind, wording, method, source, ip, form_version, recorded_by, evidence, obtained_at)
    SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10
     WHERE (SELECT kind FROM consent_records WHERE email = $1 ORDER BY created_at DESC, id DESC LIMIT 1) IS DISTINCT FROM $2
    RETURNING kind, method
  ), shown AS (
    ${leadEventsInsertFrom({
      kind: kindCase('w.kind', { express: 'consent_given' }, 'consent_withdrawn'),
      leadId: 'l.id',
      actorId: '$8',
      detail: { method: 'w.method' },
      from: 'FROM written w, LATERAL (SELECT id FROM leads WHERE lower(email) = $1 ORDER BY created_at DESC LIMIT 1) AS l',
    })}
  ), ended AS (
    UPDATE sequence_enrolments e SET state = 'left', left_reason = 'consent', ended_at = now(), next_step_id = NULL, next_due_at = NULL
      FROM written w, leads l, sequences s
     WHERE w.kind = 'withdrawn' AND l.id = e.lead_id AND lower(l.email) = $1 AND e.state = 'active' AND s.id = e.sequence_id
    RETURNING e.lead_id, e.sequence_id, s.name
  ), left_shown AS (
    ${leadEventsInsertFrom({
      kind: 'sequence_left',
      leadId: 'lead_id',
      detail: { sequence_id: 'sequence_id::text', sequence: 'name', reason: `'consent'`, text: `'${UNSUBSCRIBED_TEXT}'` },
      from: 'FROM ended',
    })}
  )
  SELECT 1 FROM written`;

export async function recordConsent(db: Queryable, act: ConsentAct): Promise<boolean> {
  const { rowCount } = await db.query(RECORD_SQL, [
    normalEmail(act.email),
    act.kind,
    act.kind === 'express' ? (act.wording ?? '') : '',
    act.method,
    act.source,
    act.ip,
    act.form ?? '',
    act.recordedBy ?? null,
    act.evidence ?? '',
    act.obtainedAt ?? null,
  ]);
  return (rowCount ?? 0) > 0;
}
