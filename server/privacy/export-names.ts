/**
 * The names the privacy export's page shows for ids in the rows (issue 31): a course's from the
 * catalogue, an event's title and an e-mail series' name read once for the whole export.
 */
import type { Queryable } from '../db/database';
import type { Catalogue } from '../catalogue/catalogue';
import type { PrivacyExport } from '../../src/privacy-contract';
import { NEED_ADVICE_COURSE_ID } from '../../src/contract';
import { NEED_ADVICE_COURSE_NAME } from '../crm';
import type { ExportNames } from './readable-values';

/** Ids in a column of a table's rows, as text. */
function idsIn(data: PrivacyExport, table: string, column: string): string[] {
  const rows = data.sections.filter((section) => section.table === table).flatMap((section) => section.rows);
  return [
    ...new Set(
      rows
        .map((row) => row[column])
        .filter((id) => id !== null && id !== undefined)
        .map(String),
    ),
  ];
}

async function titles(db: Queryable, sql: string, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const { rows } = await db.query<{ id: string; name: string }>(sql, [ids]);
  return new Map(rows.map((row) => [row.id, row.name]));
}

export async function exportNames(db: Queryable, catalogue: Catalogue, data: PrivacyExport): Promise<ExportNames> {
  const [events, sequences] = await Promise.all([
    titles(db, 'SELECT id::text AS id, title AS name FROM events WHERE id::text = ANY($1)', idsIn(data, 'event_registrations', 'event_id')),
    titles(db, 'SELECT id::text AS id, name FROM sequences WHERE id::text = ANY($1)', idsIn(data, 'sequence_enrolments', 'sequence_id')),
  ]);
  return {
    course: (id) => {
      const key = String(id ?? '').trim();
      if (key === NEED_ADVICE_COURSE_ID) return NEED_ADVICE_COURSE_NAME;
      return catalogue.courseById(key)?.course_name ?? 'A program no longer offered';
    },
    event: (id) => events.get(String(id)) ?? 'An event',
    sequence: (id) => sequences.get(String(id)) ?? 'An e-mail series',
  };
}
