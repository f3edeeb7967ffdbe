/**
 * Everything held about a person, table by table from the registry: each row whole, as stored
 * (PIPEDA access request). Sections follow the registry's order; rows are oldest first.
 */
import type { Queryable } from '../db/database';
import type { PrivacyExport, PrivacyExportSection } from '../../src/privacy-contract';
import { PERSONAL_TABLES, ident } from './registry';
import { personCondition, type Person } from './person';

/** The first of these a row has orders it (tables differ in what they call their time). */
const TIME_KEYS = ['created_at', 'opened_at', 'at', 'id'] as const;

function timeOf(row: Record<string, unknown>): string {
  for (const key of TIME_KEYS) if (row[key] !== undefined && row[key] !== null) return String(row[key]).padStart(32, '0');
  return '';
}

export async function exportPerson(db: Queryable, person: Person, now: Date): Promise<PrivacyExport> {
  const sections: PrivacyExportSection[] = [];
  for (const entry of PERSONAL_TABLES) {
    const where = personCondition(entry, person, 1);
    const { rows } = await db.query<{ row: Record<string, unknown> }>(
      `SELECT to_jsonb(t) AS row FROM ${ident(entry.table)} t WHERE ${where.sql}`,
      [where.value],
    );
    const records = rows.map((r) => r.row).sort((a, b) => timeOf(a).localeCompare(timeOf(b)));
    sections.push({ label: entry.label, table: entry.table, rows: records });
  }
  return { exported_at: now.toISOString(), person: { email: person.email, lead_ids: person.leadIds }, sections };
}

/** Rows in the export, for its audit entry (a count, never the data). */
export const exportedRows = (data: PrivacyExport): number => data.sections.reduce((sum, section) => sum + section.rows.length, 0);
