/**
 * Counts of leads kept by the triggers of migration 025 (lead_tallies): exact inbox totals for the
 * filters it is keyed by, and the charts' all-time counts, without counting a million rows. Each
 * connection adds to rows of its own (slot = backend pid); `foldLeadTallies` (housekeeping) adds
 * them into slot 0 so the table stays small. Reads sum every slot, so they are exact at any time.
 */
import type { Queryable } from '../db/database';
import type { LeadQuery } from './lead-filters';

/** The inbox filters lead_tallies is keyed by; a query using any other filter is counted in leads. */
const TALLIED = new Set(['stage', 'source', 'course_type', 'location']);
const PAGING = new Set(['page', 'page_size']);

/** The exact number of leads matching `query` from the tallies, or null when it filters by anything else. */
export async function talliedTotal(db: Queryable, query: LeadQuery): Promise<number | null> {
  const filters = Object.entries(query).filter(([key, value]) => !PAGING.has(key) && value !== undefined && value !== '');
  if (!filters.every(([key]) => TALLIED.has(key))) return null;
  const params: unknown[] = [];
  // Keys come from TALLIED (column names), values are parameters.
  const where = filters.map(([key, value]) => {
    params.push(value);
    return `${key} = $${params.length}`;
  });
  const { rows } = await db.query<{ n: string | null }>(
    `SELECT sum(n) AS n FROM lead_tallies ${where.length ? `WHERE ${where.join(' AND ')}` : ''}`,
    params,
  );
  return Number(rows[0]?.n ?? 0);
}

export type TallyDimension = 'stage' | 'course_type';

/** All-time counts by one dimension (course type 0 means none). */
export async function tallyBy(db: Queryable, dimension: TallyDimension): Promise<Map<number, number>> {
  const { rows } = await db.query<{ key: number; n: string }>(`SELECT ${dimension} AS key, sum(n) AS n FROM lead_tallies GROUP BY 1`);
  return new Map(rows.map((row) => [row.key, Number(row.n)]));
}

/** The `limit` courses with the most leads, most first (ties by id). */
export async function topTalliedCourses(db: Queryable, limit: number): Promise<{ course_id: string; n: number }[]> {
  const { rows } = await db.query<{ course_id: string; n: string }>(
    `SELECT course_id, sum(n) AS n FROM lead_tallies WHERE course_id <> '' GROUP BY course_id HAVING sum(n) > 0
      ORDER BY sum(n) DESC, course_id LIMIT $1`,
    [limit],
  );
  return rows.map((row) => ({ course_id: row.course_id, n: Number(row.n) }));
}

/**
 * Moves every connection's counts into slot 0 and drops rows that count nothing. Safe to run twice
 * or concurrently: rows are moved by one statement (deleted and added back in one snapshot), and a
 * row deleted under a trigger's upsert is inserted afresh by it.
 */
export async function foldLeadTallies(db: Queryable): Promise<number> {
  const moved = await db.query(
    `WITH moved AS (DELETE FROM lead_tallies WHERE slot <> 0 RETURNING stage, source, course_type, location, course_id, n)
     INSERT INTO lead_tallies AS t (slot, stage, source, course_type, location, course_id, n)
     SELECT 0, stage, source, course_type, location, course_id, sum(n) FROM moved GROUP BY 2, 3, 4, 5, 6
     ON CONFLICT (slot, stage, source, course_type, location, course_id) DO UPDATE SET n = t.n + EXCLUDED.n`,
  );
  await db.query('DELETE FROM lead_tallies WHERE slot = 0 AND n = 0');
  return moved.rowCount ?? 0;
}
