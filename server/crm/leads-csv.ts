/**
 * The filtered leads list as CSV for Excel: UTF-8 with a byte-order mark (so Excel reads accents),
 * CRLF lines, every cell quoted, labels instead of ids, times in the college's time zone, phone
 * numbers as people read them (csv-phone.ts), and cells that begin with = + - @ (or a tab or
 * carriage return) prefixed with ' so a spreadsheet never runs them as formulas (CSV injection).
 */
import { Readable } from 'node:stream';
import type { Queryable } from '../db/database';
import type { Catalogue } from '../catalogue/catalogue';
import type { StaffLead } from '../../src/contract';
import { COURSE_TYPES, LEAD_SOURCES, LEAD_STAGES, LOCATIONS, STATUSES, lookupTitle } from '../../src/lookups';
import { toTorontoLocalInput } from '../../src/college-time';
import { leadWhere, type LeadQuery } from './lead-filters';
import { STAFF_LEAD_COLUMNS, STAFF_LEAD_FROM, toStaffLead, type LeadRow } from './staff-lead';
import type { KnownOrigins } from '../repeat/partner-origins';
import { csvPhone, isFormattedPhone } from './csv-phone';

/** Leads read per query while the file streams: memory stays flat however many leads it holds. */
export const CSV_BATCH = 1000;
export const CSV_BOM = '\uFEFF';

export const CSV_COLUMNS: [string, (lead: StaffLead) => string][] = [
  ['Received', (l) => torontoMinute(l.created_at)],
  ['First name', (l) => l.first_name],
  ['Last name', (l) => l.last_name],
  ['E-mail', (l) => l.email],
  ['Phone', (l) => csvPhone(l.phone)],
  ['Course', (l) => l.course_name ?? ''],
  ['Course type', (l) => lookupTitle(COURSE_TYPES, l.course_type)],
  ['Local / International', (l) => lookupTitle(LOCATIONS, l.location)],
  // Asked of local students only; blank where it was never asked.
  ['Financial aid', (l) => (l.location === 1 ? (l.financial_aid ? 'Yes' : 'No') : '')],
  ['Source', (l) => lookupTitle(LEAD_SOURCES, l.source)],
  ['Stage', (l) => lookupTitle(LEAD_STAGES, l.stage)],
  ['Owner', (l) => l.owner_name ?? ''],
  ['Status', (l) => lookupTitle(STATUSES, l.status)],
  ['Address', (l) => l.address],
  ['UTM source', (l) => l.utm_source ?? ''],
  ['UTM medium', (l) => l.utm_medium ?? ''],
  ['UTM campaign', (l) => l.utm_campaign ?? ''],
  ['UTM term', (l) => l.utm_term ?? ''],
  ['UTM content', (l) => l.utm_content ?? ''],
  ['Landing page', (l) => l.landing_page ?? ''],
  ['Referrer', (l) => l.referrer ?? ''],
  ['Partner site', (l) => l.origin ?? ''],
  ['Inquiries', (l) => String(l.inquiries)],
];

const HOUR_MS = 3_600_000;
/** Toronto's offset by UTC hour: clocks change on the hour, so one Intl call per hour, not per lead. */
const offsets = new Map<number, number>();

/** `YYYY-MM-DD HH:MM` in Toronto, as toTorontoLocalInput says it; a million leads span about 35,000 hours. */
export function torontoMinute(iso: string): string {
  const at = Date.parse(iso);
  const hour = Math.floor(at / HOUR_MS) * HOUR_MS;
  let offset = offsets.get(hour);
  if (offset === undefined) {
    if (offsets.size > 100_000) offsets.clear();
    offset = Date.parse(`${toTorontoLocalInput(new Date(hour))}:00Z`) - hour;
    offsets.set(hour, offset);
  }
  return new Date(at + offset).toISOString().slice(0, 16).replace('T', ' ');
}

/** One quoted cell, neutralised when a spreadsheet would read it as a formula (a phone number cannot be one). */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) && !isFormattedPhone(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

export function csvLine(cells: string[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

export interface LeadsCsv {
  /** The file, read from the database a batch at a time as the client takes it. */
  csv: Readable;
  /** Leads in the file (the header row not counted), for the audit log. */
  rows: number;
}

const NEWEST_FIRST = 'ORDER BY l.created_at DESC, l.id DESC';

/** A lead's place in the file: created_at as text keeps its microseconds (a Date would lose them). */
interface Place {
  at: string;
  id: string;
}

/**
 * Every lead matching the filters, newest first. The newest match when the export starts bounds
 * the file (leads arriving during the download are left out), so the count recorded in the audit
 * log before sending is the file's, unless leads are changed or removed meanwhile. The leads are
 * then read in batches of CSV_BATCH by keyset (created_at, id), each batch a walk of
 * leads_newest_idx from where the last one ended.
 */
export async function leadsCsv(
  db: Queryable,
  catalogue: Catalogue,
  known: KnownOrigins,
  query: LeadQuery,
  meId: string,
): Promise<LeadsCsv> {
  const params: unknown[] = [];
  const where = leadWhere(query, params, meId);
  const { rows } = await db.query<Place>(`SELECT l.created_at::text AS at, l.id FROM leads l ${where} ${NEWEST_FIRST} LIMIT 1`, params);
  const newest = rows[0];
  const header = CSV_BOM + csvLine(CSV_COLUMNS.map(([title]) => title));
  if (!newest) return { csv: Readable.from([header]), rows: 0 };
  const from = (op: '<' | '<=') =>
    `${where ? `${where} AND` : 'WHERE'} (l.created_at, l.id) ${op} ($${params.length + 1}::timestamptz, $${params.length + 2}::char(24))`;
  const counted = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM leads l ${from('<=')}`, [...params, newest.at, newest.id]);

  async function* file(): AsyncGenerator<string> {
    yield header;
    let op: '<' | '<=' = '<=';
    let place: Place = newest as Place;
    for (;;) {
      const batch: { rows: (LeadRow & { place_at: string })[] } = await db.query<LeadRow & { place_at: string }>(
        `SELECT ${STAFF_LEAD_COLUMNS}, l.created_at::text AS place_at FROM ${STAFF_LEAD_FROM} ${from(op)}
          ${NEWEST_FIRST} LIMIT ${CSV_BATCH}`,
        [...params, place.at, place.id],
      );
      yield batch.rows.map((row) => csvLine(CSV_COLUMNS.map(([, value]) => value(toStaffLead(row, catalogue, known))))).join('');
      const last = batch.rows[batch.rows.length - 1];
      if (!last || batch.rows.length < CSV_BATCH) return;
      [op, place] = ['<', { at: last.place_at, id: last.id }];
    }
  }
  return { csv: Readable.from(file()), rows: counted.rows[0]?.n ?? 0 };
}
