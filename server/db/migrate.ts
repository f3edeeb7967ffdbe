/**
 * Applies pending migrations, each in its own transaction, under a session-level advisory lock held
 * on one client for the whole run: several instances starting together take turns, and the second
 * finds nothing left to apply. A migration that fails is rolled back alone (those before it in the
 * run stay applied) and stops the run with a MigrationFailedError naming it.
 */
import type pg from 'pg';
import { holdClient, type Database, type Queryable } from './database';
import { MIGRATIONS, type Migration } from './migrations/index';

/** The advisory lock's key: one session at a time applies migrations. */
export const MIGRATION_LOCK_KEY = 727_001;

const CREATE_TABLE = 'CREATE TABLE IF NOT EXISTS schema_migrations (id text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())';

export class MigrationFailedError extends Error {
  constructor(
    readonly migrationId: string,
    readonly reason: string,
  ) {
    super(`Migration ${migrationId} failed and was rolled back: ${reason}. The database is as it was before it; the server did not start.`);
    this.name = 'MigrationFailedError';
  }
}

export interface AppliedMigration {
  id: string;
  appliedAt: Date;
}

export interface MigrationStatus {
  /** What schema_migrations records, oldest first (ids this version does not know included). */
  applied: AppliedMigration[];
  /** Ids of `migrations` not applied yet, in the order they would be applied. */
  pending: string[];
}

/** Applied and pending migrations; on a fresh database (no schema_migrations yet) every one is pending. */
export async function migrationStatus(db: Pick<Database, 'pool'>, migrations: readonly Migration[] = MIGRATIONS): Promise<MigrationStatus> {
  const applied = await appliedMigrations(db.pool);
  const done = new Set(applied.map((migration) => migration.id));
  return { applied, pending: migrations.filter((migration) => !done.has(migration.id)).map((migration) => migration.id) };
}

async function appliedMigrations(db: Queryable): Promise<AppliedMigration[]> {
  // to_regclass follows the search path, as the migrations themselves do (a test's own schema).
  const { rows: exists } = await db.query<{ found: boolean }>(`SELECT to_regclass('schema_migrations') IS NOT NULL AS found`);
  if (!exists[0]?.found) return [];
  const { rows } = await db.query<{ id: string; applied_at: Date }>('SELECT id, applied_at FROM schema_migrations ORDER BY applied_at, id');
  return rows.map((row) => ({ id: row.id, appliedAt: row.applied_at }));
}

/** Applies what is pending of `migrations`; returns the ids applied by this call, in order. */
export async function migrate(db: Pick<Database, 'pool'>, migrations: readonly Migration[] = MIGRATIONS): Promise<string[]> {
  const held = await holdClient(db.pool);
  const { client } = held;
  try {
    // Session-level: held across the transactions below, released on unlock or when the connection ends.
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await client.query(CREATE_TABLE);
      // Read under the lock: another instance may have applied everything while this one waited.
      const done = new Set((await appliedMigrations(client)).map((migration) => migration.id));
      const applied: string[] = [];
      for (const migration of migrations) {
        if (done.has(migration.id)) continue;
        await applyOne(client, migration);
        applied.push(migration.id);
      }
      return applied;
    } finally {
      // A client that cannot unlock is destroyed instead (release(lost)), which ends its lock too.
      if (!held.lost) await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(held.markLost);
    }
  } finally {
    held.release();
  }
}

async function applyOne(client: pg.PoolClient, migration: Migration): Promise<void> {
  await client.query('BEGIN');
  try {
    await client.query(migration.sql);
    await client.query('INSERT INTO schema_migrations (id) VALUES ($1)', [migration.id]);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw new MigrationFailedError(migration.id, error instanceof Error ? error.message : String(error));
  }
}
