/**
 * Rows of a newest-first lead query read a batch at a time, only as fast as the reader asks for
 * them (the CSV export, leads-csv.ts): memory holds one batch however many leads match.
 * - PostgreSQL: one server-side cursor (DECLARE … NO SCROLL, FETCH n) in a read-only transaction
 *   on a connection of its own for the download: the query is planned and walked once.
 * - PGlite: keyset pages by (created_at, id) from where the last one ended, each a query of its
 *   own, since its single connection cannot be held for as long as a slow download lasts.
 * Ending early (the client went away: the stream is destroyed, so is the generator) closes the
 * cursor and gives the connection back.
 */
import type { QueryResult, QueryResultRow } from 'pg';
import { holdClient, type Database, type Queryable } from '../db/database';

/** A lead's place in the order: created_at as text keeps its microseconds (a Date would lose them). */
export interface Place {
  at: string;
  id: string;
}

export interface BatchQuery {
  /** The columns read (`l.id` among them) and the FROM clause, where `l` is the lead. */
  columns: string;
  from: string;
  /** The filters' WHERE clause (may be empty) and its parameters. */
  where: string;
  params: unknown[];
  /** The newest lead the file includes: leads arriving during the download are left out. */
  start: Place;
  size: number;
}

const NEWEST_FIRST = 'ORDER BY l.created_at DESC, l.id DESC';

/** The WHERE clause of leads at or after (`<=`) / strictly after (`<`) `place` in the order, its values appended to `params`. */
export function fromPlace(where: string, params: unknown[], op: '<' | '<='): string {
  return `${where ? `${where} AND` : 'WHERE'} (l.created_at, l.id) ${op} ($${params.length + 1}::timestamptz, $${params.length + 2}::char(24))`;
}

async function* cursorBatches<Row extends QueryResultRow>(client: Queryable, query: BatchQuery): AsyncGenerator<Row[]> {
  await client.query('BEGIN READ ONLY');
  const where = fromPlace(query.where, query.params, '<=');
  await client.query(`DECLARE lead_batches NO SCROLL CURSOR FOR SELECT ${query.columns} FROM ${query.from} ${where} ${NEWEST_FIRST}`, [
    ...query.params,
    query.start.at,
    query.start.id,
  ]);
  for (;;) {
    const { rows } = await client.query<Row>(`FETCH ${query.size} FROM lead_batches`);
    if (rows.length > 0) yield rows;
    if (rows.length < query.size) return;
  }
}

async function* postgresBatches<Row extends QueryResultRow>(db: Database, query: BatchQuery): AsyncGenerator<Row[]> {
  const held = await holdClient(db.pool);
  try {
    yield* cursorBatches<Row>(held.client, query);
  } finally {
    // Read to the end or not, the transaction only read: ending it closes the cursor.
    if (!held.lost) await held.client.query('ROLLBACK').catch(() => undefined);
    held.release();
  }
}

async function* keysetBatches<Row extends QueryResultRow & { id: string }>(db: Database, query: BatchQuery): AsyncGenerator<Row[]> {
  type Placed = Row & { place_at: string };
  let op: '<' | '<=' = '<=';
  let place: Place = query.start;
  for (;;) {
    const { rows }: QueryResult<Placed> = await db.pool.query<Placed>(
      `SELECT ${query.columns}, l.created_at::text AS place_at FROM ${query.from} ${fromPlace(query.where, query.params, op)}
        ${NEWEST_FIRST} LIMIT ${query.size}`,
      [...query.params, place.at, place.id],
    );
    if (rows.length > 0) yield rows;
    const last: Placed | undefined = rows[rows.length - 1];
    if (!last || rows.length < query.size) return;
    [op, place] = ['<', { at: last.place_at, id: last.id }];
  }
}

/** The query's rows, newest first, in batches of `size`, read as they are asked for. */
export function leadBatches<Row extends QueryResultRow & { id: string }>(db: Database, query: BatchQuery): AsyncGenerator<Row[]> {
  return db.kind === 'postgres' ? postgresBatches<Row>(db, query) : keysetBatches<Row>(db, query);
}
