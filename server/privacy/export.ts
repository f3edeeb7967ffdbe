/**
 * Everything held about a person, table by table from the registry: each row whole, as stored
 * (PIPEDA access request). Sections follow the registry's order; rows are oldest first. A mail
 * that carried a personal link (a cancel, consent or unsubscribe link) shows that it was sent, not
 * the link (issue 35): its bodies, sealed or blanked, are replaced by a sentence saying so.
 */
import type { Queryable } from '../db/database';
import type { PrivacyExport, PrivacyExportSection } from '../../src/privacy-contract';
import { PERSONAL_TABLES, ident } from './registry';
import { personCondition, type Person } from './person';

/** The first of these a row has orders it (tables differ in what they call their time); then its id. */
const TIME_KEYS = ['created_at', 'opened_at', 'at', 'id'] as const;

/**
 * A key that sorts as the value does. A time comes from to_jsonb with its fraction trimmed
 * ("…:01.12+00:00", "…:01.123456+00:00"), so its text does not sort: it becomes microseconds since
 * the epoch. An id (a number, or 24 hex digits) is padded to one width.
 */
function sortable(value: unknown): string {
  const text = String(value);
  const time = /^\d{4}-\d{2}-\d{2}T[\d:]{8}(?:\.(\d{1,6}))?(?:Z|[+-][\d:]+)$/.exec(text);
  if (!time) return text.padStart(32, '0');
  const micros = BigInt(Date.parse(text)) * 1000n + BigInt((time[1] ?? '').padEnd(6, '0').slice(3));
  return micros.toString().padStart(32, '0');
}

export function orderOf(row: Record<string, unknown>): string {
  const key = TIME_KEYS.find((name) => row[name] !== undefined && row[name] !== null);
  return key ? `${sortable(row[key])}|${sortable(row.id ?? '')}` : '';
}

export const LINK_MAIL_IN_EXPORT = '[This message carried a personal link. It is not shown: links are kept only until they are delivered.]';

/** What a table's row adds to the export beyond its columns (an applicant's document: the file itself). */
export type ExportExtras = (table: string, row: Record<string, unknown>) => Promise<Record<string, unknown>>;

/** A stored PDF (bytea, which to_jsonb gives as "\\x" hex) as base64, the way a document's file is exported. */
const base64Of = (value: unknown) =>
  typeof value === 'string' && value.startsWith('\\x') ? Buffer.from(value.slice(2), 'hex').toString('base64') : null;

/** A contract's PDFs, or a receipt's, as base64. */
function enrolmentShown(table: string, row: Record<string, unknown>): Record<string, unknown> {
  if (table === 'ledger_entries') {
    const { receipt_pdf, ...rest } = row;
    return { ...rest, receipt_pdf_base64: base64Of(receipt_pdf) };
  }
  const { pdf, final_pdf, ...rest } = row;
  return { ...rest, pdf_base64: base64Of(pdf), final_pdf_base64: base64Of(final_pdf) };
}

/** A row as the export shows it: a link mail's bodies and sealed headers replaced, a document's sealed key left out. */
function shown(table: string, row: Record<string, unknown>): Record<string, unknown> {
  if (table === 'application_documents') {
    const { sealed_key: _key, ...rest } = row;
    return rest;
  }
  if (table === 'contracts' || table === 'ledger_entries') return enrolmentShown(table, row);
  if (table !== 'mail_queue' || row.secret_expires_at === null || row.secret_expires_at === undefined) return row;
  const { sealedHeaders: _sealed, ...envelope } = (row.envelope ?? {}) as Record<string, unknown>;
  return { ...row, text_body: LINK_MAIL_IN_EXPORT, html_body: LINK_MAIL_IN_EXPORT, envelope: row.envelope ? envelope : null };
}

export async function exportPerson(db: Queryable, person: Person, now: Date, extras?: ExportExtras): Promise<PrivacyExport> {
  const sections: PrivacyExportSection[] = [];
  for (const entry of PERSONAL_TABLES) {
    const where = personCondition(entry, person, 1);
    const { rows } = await db.query<{ row: Record<string, unknown> }>(
      `SELECT to_jsonb(t) AS row FROM ${ident(entry.table)} t WHERE ${where.sql}`,
      [where.value],
    );
    const whole = extras
      ? await Promise.all(rows.map(async (r) => ({ ...r.row, ...(await extras(entry.table, r.row)) })))
      : rows.map((r) => r.row);
    const records = whole
      .map((row) => shown(entry.table, row))
      .sort((a, b) => (orderOf(a) < orderOf(b) ? -1 : orderOf(a) > orderOf(b) ? 1 : 0));
    sections.push({ label: entry.label, table: entry.table, rows: records });
  }
  return { exported_at: now.toISOString(), person: { email: person.email, lead_ids: person.leadIds }, sections };
}

/** Rows in the export, for its audit entry (a count, never the data). */
export const exportedRows = (data: PrivacyExport): number => data.sections.reduce((sum, section) => sum + section.rows.length, 0);
