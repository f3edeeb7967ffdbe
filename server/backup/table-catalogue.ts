/**
 * The product's tables as the backup sees them: every table of the schema the database works in
 * (not pg-boss's, whose jobs are re-derived at start; not schema_migrations, which the restore
 * rebuilds by running the same migrations), each with the columns a row is written with
 * (generated ones are left out: the restore's database computes them again) and its primary key,
 * which orders the rows so that the same data always gives the same checksum. UNLOGGED tables
 * (throttle counters) are left out: PostgreSQL itself empties them after a crash, so nothing
 * in them is kept by promise.
 */
import pg from 'pg';
import type { RowReader } from '../db/database';

export interface TableShape {
  name: string;
  /** Columns written and read back: the stored ones, in the table's order. */
  columns: string[];
  /** Generated columns, left out of the rows. */
  generated: string[];
  /** The primary key's columns, in key order; empty when the table has none. */
  key: string[];
}

export const quote = (name: string): string => pg.escapeIdentifier(name);

export async function listTables(reader: RowReader): Promise<TableShape[]> {
  const { rows } = await reader.query<{ name: string; columns: { name: string; generated: boolean }[]; key: string[] }>(
    `SELECT c.relname AS name,
            (SELECT json_agg(json_build_object('name', a.attname, 'generated', a.attgenerated <> '') ORDER BY a.attnum)
               FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped) AS columns,
            (SELECT coalesce(json_agg(a.attname ORDER BY array_position(i.indkey::int2[], a.attnum)), '[]'::json)
               FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey)
              WHERE i.indrelid = c.oid AND i.indisprimary) AS key
       FROM pg_class c
      WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind IN ('r', 'p') AND NOT c.relispartition
        AND c.relpersistence = 'p' AND c.relname <> 'schema_migrations'
      ORDER BY c.relname`,
  );
  return rows.map((row) => ({
    name: row.name,
    columns: row.columns.filter((column) => !column.generated).map((column) => column.name),
    generated: row.columns.filter((column) => column.generated).map((column) => column.name),
    key: row.key,
  }));
}

export async function listSequences(reader: RowReader): Promise<string[]> {
  const { rows } = await reader.query<{ name: string }>(
    `SELECT relname AS name FROM pg_class WHERE relnamespace = current_schema()::regnamespace AND relkind = 'S' ORDER BY relname`,
  );
  return rows.map((row) => row.name);
}

/** A row as one JSON text, generated columns removed; jsonb's text form is the same on PGlite and PostgreSQL. */
export function rowsQuery(table: TableShape): string {
  const row = table.generated.length
    ? `to_jsonb(t) - ARRAY[${table.generated.map((name) => pg.escapeLiteral(name)).join(', ')}]`
    : 'to_jsonb(t)';
  const order = table.key.length ? table.key.map(quote).join(', ') : `${row}::text`;
  return `SELECT (${row})::text AS line FROM ${quote(table.name)} t ORDER BY ${order}`;
}

/**
 * Every row of `table`, a batch at a time through a cursor (the reader is inside a transaction):
 * a table of any size is read without holding it in memory. Small batches, because an embedded
 * database's copy answers on the server's own thread: 5,000 leads a fetch held it for ~200 ms
 * (/api/health p95 206 ms during a backup), 500 for ~20 ms.
 */
export async function* tableLines(reader: RowReader, table: TableShape, batchSize = 500): AsyncGenerator<string> {
  const cursor = quote(`backup_${table.name}`);
  await reader.query(`DECLARE ${cursor} NO SCROLL CURSOR FOR ${rowsQuery(table)}`);
  try {
    for (;;) {
      const { rows } = await reader.query<{ line: string }>(`FETCH FORWARD ${batchSize} FROM ${cursor}`);
      for (const row of rows) yield row.line;
      if (rows.length < batchSize) return;
    }
  } finally {
    await reader.query(`CLOSE ${cursor}`);
  }
}
