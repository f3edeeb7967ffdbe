/**
 * pg-boss's database interface over our own `pg.Pool` (or a transaction's client), so the job
 * queue shares the process's one code path to either database: on PGlite the pool has a single
 * connection, and a second client of pg-boss's own would interleave with our transactions.
 */
import type pg from 'pg';
import type { Db as IDatabase } from 'pg-boss';
import type { Queryable } from '../db/database';

type Rows = { rows: Record<string, unknown>[] };

/** A parameterless text may hold several statements (pg-boss's migrations): their rows are joined. */
function rowsOf(result: pg.QueryResult | pg.QueryResult[]): Rows {
  return { rows: Array.isArray(result) ? result.flatMap((part) => part.rows ?? []) : result.rows };
}

/** For one statement inside the caller's transaction (a job sent with the row it refers to). */
export function adaptQueryable(db: Queryable): IDatabase {
  return {
    async executeSql(text, values) {
      return rowsOf((await db.query(text, values)) as pg.QueryResult | pg.QueryResult[]);
    },
  };
}

/**
 * The pool as pg-boss's database. `setSessionStatements` (pg-boss's test clock opts each session
 * in with a SET) is honoured per pooled connection: once set, a statement runs on a checked-out
 * client that has had them, so every session sees the same clock.
 */
export function adaptPool(pool: pg.Pool): IDatabase {
  let statements: string[] = [];
  let generation = 0;
  const applied = new WeakMap<pg.PoolClient, number>();
  return {
    async executeSql(text, values) {
      if (statements.length === 0) return rowsOf((await pool.query(text, values)) as pg.QueryResult | pg.QueryResult[]);
      const client = await pool.connect();
      try {
        if (applied.get(client) !== generation) {
          for (const statement of statements) await client.query(statement);
          applied.set(client, generation);
        }
        return rowsOf((await client.query(text, values)) as pg.QueryResult | pg.QueryResult[]);
      } finally {
        client.release();
      }
    },
    async setSessionStatements(next) {
      statements = [...next];
      generation += 1;
      // An empty list (the clock released): pg-boss has already restored its clock function, so
      // a session still opted in reads real time again.
    },
  };
}
