/**
 * The events funnel (issue 24): per event and per Toronto month of the event's start, over the
 * last 12 months (this month and the 11 before it), registered → attended → applied.
 * - registered: seats held now ('registered', walk-ins included; waitlisted and cancelled are not);
 * - attended: of those, checked in;
 * - applied: of those, the lead reached a stage of APPLIED_STAGES after registering: a stage
 *   change into one of them on its timeline at or after the registration, or its current stage is
 *   one of them and no such change came before the registration (a stage set without a timeline
 *   entry). A lead that had applied before registering does not count: the event did not bring it.
 * Cancelled events are left out. Events are listed newest start first, as the CRM lists them.
 */
import type { Queryable } from '../db/database';
import { APPLIED_STAGES, type EventFunnelRow, type EventsReport } from '../../src/events-contract';
import { toTorontoLocalInput, torontoInstant, wallTime } from '../../src/college-time';

export const REPORT_MONTHS = 12;

const STAGE_INTO_APPLIED = (when: string) =>
  `EXISTS (SELECT 1 FROM lead_events s WHERE s.lead_id = r.lead_id AND s.kind = 'stage' AND s.detail->>'to' = ANY($3::text[]) AND s.created_at ${when} r.registered_at)`;

const REPORT_SQL = /* sql */ `
  SELECT e.id::text AS id, e.title, e.starts_at,
         count(r.id)::int AS registered,
         count(r.id) FILTER (WHERE r.checked_in_at IS NOT NULL)::int AS attended,
         count(r.id) FILTER (WHERE ${STAGE_INTO_APPLIED('>=')}
                               OR (l.stage::text = ANY($3::text[]) AND NOT ${STAGE_INTO_APPLIED('<')}))::int AS applied
    FROM events e
    LEFT JOIN event_registrations r ON r.event_id = e.id AND r.status = 'registered'
    LEFT JOIN leads l ON l.id = r.lead_id
   WHERE e.cancelled_at IS NULL AND e.starts_at >= $1 AND e.starts_at < $2
   GROUP BY e.id
   ORDER BY e.starts_at DESC, e.id DESC`;

interface Row extends EventFunnelRow {
  id: string;
  title: string;
  starts_at: Date;
}

/** `YYYY-MM` of the Toronto month `back` months before the one containing `now`, and its first instant. */
function monthStart(now: Date, back: number): { month: string; start: Date } {
  const w = wallTime(now);
  const start = torontoInstant(w.year, w.month - back, 1);
  return { month: toTorontoLocalInput(start).slice(0, 7), start };
}

export async function eventsReport(db: Queryable, now: Date): Promise<EventsReport> {
  const months = Array.from({ length: REPORT_MONTHS }, (_, i) => monthStart(now, REPORT_MONTHS - 1 - i));
  const from = months[0]?.start ?? now;
  const until = monthStart(now, -1).start;
  const { rows } = await db.query<Row>(REPORT_SQL, [from, until, APPLIED_STAGES.map(String)]);
  const byMonth = new Map(months.map(({ month }) => [month, { month, registered: 0, attended: 0, applied: 0 }]));
  for (const row of rows) {
    const total = byMonth.get(toTorontoLocalInput(new Date(row.starts_at)).slice(0, 7));
    if (!total) continue;
    total.registered += row.registered;
    total.attended += row.attended;
    total.applied += row.applied;
  }
  return {
    events: rows.map((row) => ({
      id: row.id,
      title: row.title,
      starts_at: new Date(row.starts_at).toISOString(),
      registered: row.registered,
      attended: row.attended,
      applied: row.applied,
    })),
    months: [...byMonth.values()],
  };
}
