/**
 * The filtered leads list as CSV for Excel: UTF-8 with a byte-order mark (so Excel reads accents),
 * CRLF lines, every cell quoted, labels instead of ids, times in the college's time zone, phone
 * numbers as people read them (csv-phone.ts), and cells that begin with = + - @ (or a tab or
 * carriage return) prefixed with ' so a spreadsheet never runs them as formulas (CSV injection).
 */
import { Readable } from 'node:stream';
import type { Database } from '../db/database';
import type { Catalogue } from '../catalogue/catalogue';
import type { StaffLead } from '../../src/contract';
import { COURSE_TYPES, LEAD_SOURCES, LEAD_STAGES, LOCATIONS, STATUSES, lookupTitle } from '../../src/lookups';
import { toTorontoLocalInput } from '../../src/college-time';
import { leadWhere, type LeadQuery } from './lead-filters';
import { STAFF_LEAD_COLUMNS, STAFF_LEAD_FROM, toStaffLead, type LeadRow } from './staff-lead';
import type { KnownOrigins } from '../repeat/partner-origins';
import { fromPlace, leadBatches, type Place } from './lead-batches';
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

/** Bytes the stream holds before it stops reading: less than one batch, so the database is read only as fast as the client takes the file. */
const STREAM_BUFFER_BYTES = 64 * 1024;

/** One lead's line: the wire shape built once, then each column read from it. */
function leadLine(row: LeadRow, catalogue: Catalogue, known: KnownOrigins): string {
  const lead = toStaffLead(row, catalogue, known);
  return csvLine(CSV_COLUMNS.map(([, value]) => value(lead)));
}

/**
 * Every lead matching the filters, newest first. The newest match when the export starts bounds
 * the file (leads arriving during the download are left out), so the count recorded in the audit
 * log before sending is the file's, unless leads are changed or removed meanwhile. The leads are
 * then read CSV_BATCH at a time (lead-batches.ts: a cursor on PostgreSQL, keyset pages on PGlite),
 * each batch only once the client has taken the one before (back-pressure).
 */
export async function leadsCsv(db: Database, catalogue: Catalogue, known: KnownOrigins, query: LeadQuery, meId: string): Promise<LeadsCsv> {
  const params: unknown[] = [];
  const where = leadWhere(query, params, meId);
  const { rows } = await db.pool.query<Place>(
    `SELECT l.created_at::text AS at, l.id FROM leads l ${where} ORDER BY l.created_at DESC, l.id DESC LIMIT 1`,
    params,
  );
  const newest = rows[0];
  const header = CSV_BOM + csvLine(CSV_COLUMNS.map(([title]) => title));
  if (!newest) return { csv: Readable.from([header]), rows: 0 };
  const counted = await db.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM leads l ${fromPlace(where, params, '<=')}`, [
    ...params,
    newest.at,
    newest.id,
  ]);
  const batches = { columns: STAFF_LEAD_COLUMNS, from: STAFF_LEAD_FROM, where, params, start: newest, size: CSV_BATCH };

  async function* file(): AsyncGenerator<string> {
    yield header;
    for await (const batch of leadBatches<LeadRow>(db, batches)) yield batch.map((row) => leadLine(row, catalogue, known)).join('');
  }
  return { csv: Readable.from(file(), { objectMode: false, highWaterMark: STREAM_BUFFER_BYTES }), rows: counted.rows[0]?.n ?? 0 };
}
