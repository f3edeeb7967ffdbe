/**
 * Where a restore writes: an empty database, or, only when the user says --force, one emptied
 * first: every table, sequence and function of the product's schema (extensions' objects are
 * left alone) and the job queue's schema.
 */
import type { Database } from '../db/database';
import { jobsSchemaFor } from '../jobs/job-queue';
import { quote } from './table-catalogue';

/** How many tables the product's schema holds (0: an empty target). */
export async function tableCount(db: Database): Promise<number> {
  const { rows } = await db.pool.query<{ count: string }>(
    `SELECT count(*) AS count FROM pg_class WHERE relnamespace = current_schema()::regnamespace AND relkind IN ('r', 'p')`,
  );
  return Number(rows[0]?.count ?? 0);
}

const NOT_AN_EXTENSION_MEMBER = `NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = o.oid AND d.deptype = 'e')`;

export async function emptyDatabase(db: Database): Promise<void> {
  await db.transaction(async (client) => {
    const { rows: relations } = await client.query<{ name: string; sequence: boolean }>(
      `SELECT relname AS name, relkind = 'S' AS sequence FROM pg_class o
        WHERE relnamespace = current_schema()::regnamespace AND relkind IN ('r', 'p', 'S') AND NOT relispartition
          AND ${NOT_AN_EXTENSION_MEMBER}
        ORDER BY relkind <> 'S' DESC`,
    );
    // Tables first: dropping them drops the sequences they own, so the rest go IF EXISTS.
    for (const relation of relations) {
      await client.query(`DROP ${relation.sequence ? 'SEQUENCE' : 'TABLE'} IF EXISTS ${quote(relation.name)} CASCADE`);
    }
    const { rows: functions } = await client.query<{ signature: string }>(
      `SELECT o.oid::regprocedure::text AS signature FROM pg_proc o WHERE pronamespace = current_schema()::regnamespace AND ${NOT_AN_EXTENSION_MEMBER}`,
    );
    for (const fn of functions) await client.query(`DROP FUNCTION IF EXISTS ${fn.signature} CASCADE`);
    await client.query(`DROP SCHEMA IF EXISTS ${quote(jobsSchemaFor(db))} CASCADE`);
  });
}
