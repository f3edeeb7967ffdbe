/** Leads grouped by partner site (issue 23): the dashboard's table and the leads list's site filter. */
import type { Queryable } from '../db/database';
import type { OriginCount } from '../../src/merge-contract';

/** Leads a list counts: not a repeat inquiry (shown on its lead), not merged away. */
export const LISTED = 'parent_lead_id IS NULL AND merged_into IS NULL';
/** LISTED for a query that names `leads` by an alias (joins, where a bare column could be ambiguous). */
export const listedAs = (alias: string) => `${alias}.parent_lead_id IS NULL AND ${alias}.merged_into IS NULL`;

/** Partner sites shown at most; the rest of the origins are rare by construction. */
export const ORIGINS_MAX = 50;

/** Leads since `since` (every lead when null) per origin, most first. */
export async function leadsByOrigin(db: Queryable, since: Date | null): Promise<OriginCount[]> {
  const { rows } = await db.query<{ origin: string | null; count: number }>(
    `SELECT origin, count(*)::int AS count FROM leads WHERE ${LISTED} AND ($1::timestamptz IS NULL OR created_at >= $1)
      GROUP BY origin ORDER BY count(*) DESC, origin NULLS LAST LIMIT ${ORIGINS_MAX}`,
    [since],
  );
  return rows;
}
