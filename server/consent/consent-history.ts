/**
 * The facts behind a person's consent, newest first, for the CRM: each inquiry and enrolment
 * (implied consent, with the date it runs to) and each opt-in and withdrawal as recorded (when,
 * how, from where, the wording and its version; for consent staff recorded, who, the day it was
 * given and their note of how). Read by address, so inquiries of the same person on other leads
 * count too.
 */
import type { Queryable } from '../db/database';
import type { ConsentAnswer, ConsentHistoryEntry } from '../../src/consent-contract';
import { addMonths } from './consent-dates';
import { torontoDate } from '../../src/college-time';
import { consentFor, ENROLLED_STAGE, ENROLMENT_MONTHS, INQUIRY_MONTHS } from './consent-status';

/** Enough for any one person; a longer past stays in the table. */
const HISTORY_LIMIT = 200;

const HISTORY_SQL = /* sql */ `
  WITH person AS (SELECT lower(email) AS email FROM leads WHERE id = $1)
  SELECT * FROM (
    SELECT l.created_at AS at, 'inquiry' AS kind, NULL AS method, NULL AS source, NULL AS ip, NULL AS wording,
           NULL AS form_version, NULL AS recorded_by, NULL AS evidence, NULL::timestamptz AS obtained_at
      FROM leads l, person p WHERE lower(l.email) = p.email
    UNION ALL
    SELECT e.created_at, 'enrolment', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL
      FROM lead_events e JOIN leads l ON l.id = e.lead_id, person p
     WHERE lower(l.email) = p.email AND e.kind = 'stage' AND e.detail->>'to' = $2
    UNION ALL
    SELECT r.created_at, r.kind, r.method, r.source, r.ip, r.wording, r.form_version, u.name, r.evidence, r.obtained_at
      FROM consent_records r JOIN person p ON r.email = p.email LEFT JOIN users u ON u.id = r.recorded_by
  ) AS facts
  ORDER BY at DESC
  LIMIT $3`;

interface HistoryRow {
  at: Date;
  kind: ConsentHistoryEntry['kind'];
  method: string | null;
  source: string | null;
  ip: string | null;
  wording: string | null;
  form_version: string | null;
  recorded_by: string | null;
  evidence: string | null;
  obtained_at: Date | null;
}

function textOf(row: HistoryRow): string {
  const day = torontoDate(row.at);
  switch (row.kind) {
    case 'inquiry':
      return `Inquiry: implied consent until ${addMonths(day, INQUIRY_MONTHS)}`;
    case 'enrolment':
      return `Enrolment (stage Current Student): implied consent until ${addMonths(day, ENROLMENT_MONTHS)}`;
    case 'express':
      if (row.method === 'recorded by staff') {
        const given = row.obtained_at ? ` (given ${torontoDate(row.obtained_at)})` : '';
        return `Express consent recorded by ${row.recorded_by ?? 'a staff member'}${given}`;
      }
      return `Express consent given (${row.method ?? 'consent page'})`;
    case 'withdrawn':
      return `Unsubscribed (${row.method ?? 'unsubscribe page'})`;
  }
}

/** Null when there is no such lead. */
export async function leadConsent(db: Queryable, leadId: string, now: Date = new Date()): Promise<ConsentAnswer | null> {
  const { rows: found } = await db.query<{ email: string }>('SELECT email FROM leads WHERE id = $1', [leadId]);
  const email = found[0]?.email;
  if (email === undefined) return null;
  const [state, { rows }] = await Promise.all([
    consentFor(db, email, now),
    db.query<HistoryRow>(HISTORY_SQL, [leadId, String(ENROLLED_STAGE), HISTORY_LIMIT]),
  ]);
  return {
    state,
    history: rows.map((row) => ({
      at: row.at.toISOString(),
      kind: row.kind,
      text: textOf(row),
      method: row.method,
      source: row.source,
      ip: row.ip,
      wording: row.wording || null,
      form_version: row.form_version || null,
      recorded_by: row.recorded_by,
      evidence: row.evidence || null,
      obtained_on: row.obtained_at ? torontoDate(row.obtained_at) : null,
    })),
  };
}
