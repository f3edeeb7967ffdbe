/**
 * The facts behind a person's consent, newest first, for the CRM: each inquiry and enrolment
 * (implied consent, with the date it runs to) and each opt-in and withdrawal as recorded (when,
 * how, from where, the wording). Read by address, so inquiries of the same person on other leads
 * count too.
 */
import type { Queryable } from '../db/database';
import type { ConsentAnswer, ConsentHistoryEntry } from '../../src/consent-contract';
import { addMonths, torontoDate } from './consent-dates';
import { consentFor, ENROLLED_STAGE, ENROLMENT_MONTHS, INQUIRY_MONTHS } from './consent-status';

/** Enough for any one person; a longer past stays in the table. */
const HISTORY_LIMIT = 200;

const HISTORY_SQL = /* sql */ `
  WITH person AS (SELECT lower(email) AS email FROM leads WHERE id = $1)
  SELECT * FROM (
    SELECT l.created_at AS at, 'inquiry' AS kind, NULL AS method, NULL AS source, NULL AS ip, NULL AS wording
      FROM leads l, person p WHERE lower(l.email) = p.email
    UNION ALL
    SELECT e.created_at, 'enrolment', NULL, NULL, NULL, NULL
      FROM lead_events e JOIN leads l ON l.id = e.lead_id, person p
     WHERE lower(l.email) = p.email AND e.kind = 'stage' AND e.detail->>'to' = $2
    UNION ALL
    SELECT r.created_at, r.kind, r.method, r.source, r.ip, r.wording
      FROM consent_records r, person p WHERE r.email = p.email
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
}

function textOf(row: HistoryRow): string {
  const day = torontoDate(row.at);
  switch (row.kind) {
    case 'inquiry':
      return `Inquiry: implied consent until ${addMonths(day, INQUIRY_MONTHS)}`;
    case 'enrolment':
      return `Enrolment (stage Current Student): implied consent until ${addMonths(day, ENROLMENT_MONTHS)}`;
    case 'express':
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
    })),
  };
}
