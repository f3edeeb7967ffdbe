/**
 * Every column that references leads(id), read from the catalogue at run time (pg_constraint; the
 * same on PGlite and PostgreSQL), so tables added by other features (lead e-mails, consent,
 * replies, sequence enrolments…) move with a merge without code here. Single-column foreign keys
 * only: a key over several columns would need a rule of its own (merge-hooks.ts).
 */
import type { Queryable } from '../db/database';

export interface LeadReference {
  /** As PostgreSQL names it in SQL (regclass text: quoted when needed, qualified when off the search path). */
  table: string;
  /** Quoted identifier. */
  column: string;
  /** The plain table name, for hooks and messages. */
  tableName: string;
}

const REFERENCES_SQL = /* sql */ `
  SELECT c.conrelid::regclass::text AS table, quote_ident(a.attname) AS column, cl.relname AS table_name
    FROM pg_constraint c
    JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
    JOIN pg_class cl ON cl.oid = c.conrelid
   WHERE c.contype = 'f' AND c.confrelid = 'leads'::regclass AND cardinality(c.conkey) = 1
   ORDER BY cl.relname, a.attname`;

export async function leadReferences(db: Queryable): Promise<LeadReference[]> {
  const { rows } = await db.query<{ table: string; column: string; table_name: string }>(REFERENCES_SQL);
  return rows.map((row) => ({ table: row.table, column: row.column, tableName: row.table_name }));
}
