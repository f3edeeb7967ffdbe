/**
 * The filtered leads list as CSV for Excel: UTF-8 with a byte-order mark (so Excel reads accents),
 * CRLF lines, every cell quoted, labels instead of ids, times in the college's time zone, and
 * cells that begin with = + - @ (or a tab or carriage return) prefixed with ' so a spreadsheet
 * never runs them as formulas (CSV injection).
 */
import type { Queryable } from '../db/database';
import type { Catalogue } from '../catalogue/catalogue';
import type { StaffLead } from '../../src/contract';
import { COURSE_TYPES, LEAD_SOURCES, LEAD_STAGES, LOCATIONS, STATUSES, lookupTitle } from '../../src/lookups';
import { toTorontoLocalInput } from '../../src/college-time';
import { leadWhere, type LeadQuery } from './lead-filters';
import { STAFF_LEAD_COLUMNS, STAFF_LEAD_FROM, toStaffLead, type LeadRow } from './staff-lead';

/** An export is a working list, not a backup: beyond this, narrow the filters. */
export const CSV_MAX_ROWS = 50_000;
export const CSV_BOM = '\uFEFF';

export const CSV_COLUMNS: [string, (lead: StaffLead) => string][] = [
  ['Received', (l) => toTorontoLocalInput(new Date(l.created_at)).replace('T', ' ')],
  ['First name', (l) => l.first_name],
  ['Last name', (l) => l.last_name],
  ['E-mail', (l) => l.email],
  ['Phone', (l) => l.phone],
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
];

/** One quoted cell, neutralised when a spreadsheet would read it as a formula. */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

export function csvLine(cells: string[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

export interface LeadsCsv {
  csv: string;
  /** Leads in the file (the header row not counted), for the audit log. */
  rows: number;
}

export async function leadsCsv(db: Queryable, catalogue: Catalogue, query: LeadQuery, meId: string): Promise<LeadsCsv> {
  const params: unknown[] = [];
  const where = leadWhere(query, params, meId);
  const { rows } = await db.query<LeadRow>(
    `SELECT ${STAFF_LEAD_COLUMNS} FROM ${STAFF_LEAD_FROM} ${where} ORDER BY l.created_at DESC, l.id DESC LIMIT ${CSV_MAX_ROWS}`,
    params,
  );
  const lines = [csvLine(CSV_COLUMNS.map(([title]) => title))];
  for (const row of rows) {
    const lead = toStaffLead(row, catalogue);
    lines.push(csvLine(CSV_COLUMNS.map(([, value]) => value(lead))));
  }
  return { csv: CSV_BOM + lines.join(''), rows: rows.length };
}
