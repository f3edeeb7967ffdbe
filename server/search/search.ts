/**
 * Keyword search over active courses and information pages: PostgreSQL full-text search
 * (websearch syntax, English stemming), ranked with ts_rank, with typo correction as a fallback. Snippets are
 * made by ts_headline over HTML-escaped text, so the only markup in them is our <mark>.
 * All words must match; when that finds nothing, any word may.
 */
import type { Queryable } from '../db/database';
import type { SearchHit } from '../../src/contract';
import { correctQuery } from './correct-query';

/** HTML-escapes a SQL text expression (& first, so entities are not double-escaped). */
const escapeHtml = (expr: string) =>
  `replace(replace(replace(replace(replace(${expr}, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'), '''', '&#39;')`;

const HEADLINE_OPTIONS =
  'StartSel=<mark>, StopSel=</mark>, MaxWords=28, MinWords=12, ShortWord=2, MaxFragments=2, FragmentDelimiter=" … "';

/**
 * The query, written out where it is used rather than joined from a CTE: as an expression of the
 * parameters the planner folds it to a constant, so `search @@ query` can use the GIN index (a
 * CTE join hid it behind a nested loop over every course, 45 ms at 10,000 courses).
 * $1 query text, $2 limit, $3 whether to OR the words together instead of AND, $4 offset.
 */
const QUERY = `(CASE WHEN $3::boolean
                 THEN replace(websearch_to_tsquery('english', $1)::text, ' & ', ' | ')::tsquery
                 ELSE websearch_to_tsquery('english', $1) END)`;

const SEARCH_SQL = /* sql */ `
  WITH hits AS (
    SELECT 'course' AS kind, c.id AS ref, c.course_name AS title, c.summary || ' ' || c.description AS text,
           ts_rank(c.search, ${QUERY}) AS rank
      FROM courses c WHERE c.status = 1 AND c.search @@ ${QUERY}
    UNION ALL
    SELECT 'page', p.path, p.title, p.body, ts_rank(p.search, ${QUERY})
      FROM page_index p WHERE p.search @@ ${QUERY}
    ORDER BY rank DESC, title
    LIMIT $2 OFFSET $4
  )
  SELECT hits.kind, hits.ref, hits.title, hits.rank::float8 AS rank,
         ts_headline('english', ${escapeHtml('hits.text')}, ${QUERY}, '${HEADLINE_OPTIONS}') AS snippet
    FROM hits
   ORDER BY hits.rank DESC, hits.title`;

interface HitRow {
  kind: 'course' | 'page';
  ref: string;
  title: string;
  rank: number;
  snippet: string;
}

export interface SearchResult {
  hits: SearchHit[];
  /** The corrected query when typos were fixed, else null. */
  corrected: string | null;
}

export async function searchSite(
  db: Queryable,
  query: string,
  limit: number,
  coursePath: (courseId: string) => string | undefined,
  offset = 0,
): Promise<SearchResult> {
  // Typo correction costs a query of its own, so it runs only when the words as typed find nothing.
  let text = query;
  let corrected: string | null = null;
  let { rows } = await db.query<HitRow>(SEARCH_SQL, [text, limit, false, offset]);
  // Corrections and any-word matches stand in for a query that finds nothing at all (its first page).
  if (rows.length === 0 && offset === 0) {
    const correction = await correctQuery(db, query);
    if (correction.corrected) {
      text = corrected = correction.text;
      ({ rows } = await db.query<HitRow>(SEARCH_SQL, [text, limit, false, offset]));
    }
  }
  if (rows.length === 0 && offset === 0) ({ rows } = await db.query<HitRow>(SEARCH_SQL, [text, limit, true, offset]));
  const hits: SearchHit[] = [];
  for (const row of rows) {
    const path = row.kind === 'course' ? coursePath(row.ref) : row.ref;
    if (!path) continue; // a course not (yet) in the in-memory catalogue
    hits.push({ kind: row.kind, title: row.title, path, snippet: row.snippet, rank: Math.round(row.rank * 1e6) / 1e6 });
  }
  return { hits, corrected };
}
