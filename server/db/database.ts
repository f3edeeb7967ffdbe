/**
 * One code path for both databases: a `pg.Pool` that talks to a real PostgreSQL server when
 * DATABASE_URL is set, or to an embedded PGlite through its node-postgres adapter otherwise.
 */
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { lockDataDir } from './data-dir-lock';
import { takeTurns } from './pglite-turns';

export type Queryable = Pick<pg.Pool, 'query'>;
/**
 * What a transaction's work is given: the same `query` as the pool's, so a store takes a
 * `Queryable` and runs inside a transaction or on the pool alike (the one transaction style).
 */
export type Transaction = Queryable;

/** Reads rows, and nothing more: what a consistent snapshot of the database offers (readSnapshot). */
export interface RowReader {
  query<R extends object = Record<string, unknown>>(text: string, values?: unknown[]): Promise<{ rows: R[] }>;
}

export interface Database {
  readonly kind: 'pglite' | 'postgres';
  readonly pool: pg.Pool;
  /** PostgreSQL only: the schema it works in when one was given (tests); null otherwise. */
  readonly schema: string | null;
  /** Runs `work` in one transaction: committed if it resolves, rolled back if it throws. */
  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T>;
  /** A new client outside the pool, to the same database and schema (for LISTEN); null with PGlite. */
  newDedicatedClient(): pg.Client | null;
  /**
   * Runs `work` on one consistent, read-only view of the whole database while the server goes on
   * writing (backups): PostgreSQL, a REPEATABLE READ transaction; PGlite, an in-memory copy taken
   * between two transactions (its one connection cannot hold a long transaction without stalling
   * every request).
   */
  readSnapshot<T>(work: (snapshot: RowReader) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl: string | null;
  /** PGlite data folder; `memory://` for an in-memory database. */
  pgliteDir?: string;
  /** An already-open PGlite (tests clone a template); owned by the Database from then on. */
  pglite?: PGlite;
  /** Postgres only: a schema to work in (test isolation on a shared server). */
  schema?: string;
  onError?: (error: Error) => void;
  /** PGlite folder held by another process: wait until its lock goes stale (the server), or fail at once. */
  waitForLock?: boolean;
}

/**
 * A client checked out of `pool` that survives losing its connection. A checked-out client has no
 * 'error' listener of the pool's, so a connection lost while it is held (a database restart, a cut
 * network) would be an uncaught 'error' event that ends the process: it is caught here, the next
 * query fails instead, and `release()` discards the broken client rather than returning it.
 */
export interface HeldClient {
  readonly client: pg.PoolClient;
  /** The connection's error, once it is lost (or once the holder calls markLost). */
  readonly lost: Error | undefined;
  /** The holder found the client unusable (a failed unlock): release() discards it. */
  markLost(error: Error): void;
  release(): void;
}

export async function holdClient(pool: Pick<pg.Pool, 'connect'>): Promise<HeldClient> {
  const client = await pool.connect();
  let lost: Error | undefined;
  const onLost = (error: Error) => {
    lost = error;
  };
  client.on('error', onLost);
  return {
    client,
    get lost() {
      return lost;
    },
    markLost: onLost,
    release() {
      client.off('error', onLost);
      client.release(lost);
    },
  };
}

/** Runs `work` in one transaction on a client of `pool`: committed if it resolves, rolled back if it throws. */
async function inTransaction<T>(pool: Pick<pg.Pool, 'connect'>, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const held = await holdClient(pool);
  const { client } = held;
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    if (!held.lost) await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    held.release();
  }
}

export async function openPglite(dataDir: string): Promise<PGlite> {
  if (!dataDir.startsWith('memory://')) fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  const db = new PGlite(dataDir, { extensions: { pg_trgm } });
  await db.waitReady;
  return db;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  let pool: pg.Pool;
  let dedicated: (() => pg.Client) | null = null;
  let pglite: PGlite | null = null;
  let unlock: (() => Promise<void>) | null = null;
  if (options.databaseUrl) {
    const connection = {
      connectionString: options.databaseUrl,
      connectionTimeoutMillis: 3000,
      ...(options.schema ? { options: `-c search_path=${options.schema},public` } : {}),
    };
    pool = new pg.Pool({ ...connection, max: 10 });
    dedicated = () => new pg.Client(connection);
  } else {
    const dir = options.pgliteDir ?? 'memory://';
    if (!options.pglite && !dir.startsWith('memory://')) {
      unlock = await lockDataDir(dir, {
        wait: options.waitForLock ?? false,
        onLost: (error) => options.onError?.(new Error(`the lock on ${dir} was lost: ${error.message}`)),
      });
    }
    try {
      pglite = options.pglite ?? (await openPglite(dir));
    } catch (error) {
      await unlock?.();
      throw error;
    }
    takeTurns(pglite);
    pool = new pg.Pool({ ...createPgConfig(pglite), max: 1 });
  }
  // Without an 'error' listener, an idle client's lost connection (a database restart) would
  // crash the whole process; we log it and let the pool reconnect on the next query.
  pool.on('error', (error) => options.onError?.(error));

  return {
    kind: pglite ? 'pglite' : 'postgres',
    pool,
    schema: pglite ? null : (options.schema ?? null),
    newDedicatedClient: () => dedicated?.() ?? null,
    transaction: (work) => inTransaction(pool, work),
    readSnapshot: (work) => (pglite ? readPgliteCopy(pool, pglite, work) : readRepeatable(pool, work)),
    async close() {
      if (!pool.ended) await pool.end();
      if (pglite && !pglite.closed) await pglite.close();
      await unlock?.();
      unlock = null;
    },
  };
}

async function readRepeatable<T>(pool: pg.Pool, work: (snapshot: RowReader) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

async function readPgliteCopy<T>(pool: pg.Pool, pglite: PGlite, work: (snapshot: RowReader) => Promise<T>): Promise<T> {
  // Holding the pool's only client means no transaction is half-way; the checkpoint puts every
  // committed page in the files the copy is made from.
  const client = await pool.connect();
  let copy: Awaited<ReturnType<PGlite['clone']>>;
  try {
    await client.query('CHECKPOINT');
    copy = await pglite.clone();
  } finally {
    client.release();
  }
  try {
    const snapshot: RowReader = { query: (text, values) => copy.query(text, values) };
    await copy.query(`SET search_path TO ${await currentSearchPath(pool)}`);
    // A transaction on the copy as on PostgreSQL, so that work may use cursors and SET LOCAL alike.
    await copy.query('BEGIN READ ONLY');
    return await work(snapshot);
  } finally {
    await copy.close();
  }
}

/** The search path the pool's sessions use, for a copy to resolve names the same way. */
async function currentSearchPath(pool: pg.Pool): Promise<string> {
  const { rows } = await pool.query<{ search_path: string }>('SHOW search_path');
  return rows[0]?.search_path ?? 'public';
}

const CONNECTION_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03', // admin_shutdown, crash_shutdown, cannot_connect_now
  '08000',
  '08003',
  '08006',
  '08001',
  '08004',
]);

/** True when an error means "the database is unreachable", not "the query was wrong". */
export function isConnectionError(error: unknown): boolean {
  // Not `instanceof Error`: socket errors are created by Node's core, which is another realm
  // than the code under jest's VM modules.
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && CONNECTION_ERROR_CODES.has(code)) return true;
  return /Connection terminated|connection timeout|Client has encountered a connection error|timeout exceeded when trying to connect/i.test(
    typeof message === 'string' ? message : '',
  );
}
