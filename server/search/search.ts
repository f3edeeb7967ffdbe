/**
 * Keyword search over active courses and information pages: PostgreSQL full-text search over
 * documents normalised and expanded by migration 012 (English stemming, "X+", joined word pairs),
 * with the query built by query-text.ts (joins, prefix, synonyms). Ranked by ts_rank, then by kind
 * for a like match: programs (full-time) above courses above information pages.
 * All words must match; when that finds nothing, the words are corrected (typos, run-together
 * words) unless `exact`; when that still finds nothing, any word may (the answer is "widened").
 * Snippets are whole sentences of the HTML-escaped text, so the only markup in them is our <mark>.
 */
import type { Queryable } from '../db/database';
import type { SearchHit } from '../../src/search-contract';
import { correctWords } from './correct-query';
import { buildQuery, queryWords, type QueryForms } from './query-text';
import { sentenceSnippet } from './snippet';
import { synonymVariants, type Synonym } from './synonyms';

/** HTML-escapes a SQL text expression (& first, so entities are not double-escaped). */
const escapeHtml = (expr: string) =>
  `replace(replace(replace(replace(replace(${expr}, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'), '''', '&#39;')`;

const HEADLINE_OPTIONS = 'StartSel=<mark>, StopSel=</mark>, HighlightAll=true';

/** For a like match, a program outranks a course, and a course an information page. */
export const KIND_WEIGHTS = { program: 1.25, course: 1, page: 0.8 } as const;

/**
 * The query is written out where it is used rather than joined from a CTE: as an expression of the
 * parameters the planner folds it to a constant, so `search @@ query` can use the GIN index (a
 * CTE join hid it behind a nested loop over every course, 45 ms at 10,000 courses).
 * $1 to_tsquery input, $2 limit, $3 offset, $4 the highlighting query, $5 the ranking query.
 * Ranked by the query with every AND made an OR: ts_rank scores an AND by how close its terms
 * stand, and a joined pair ("devops" for "dev ops") stands alone; as an OR, each matched term
 * counts by the weight of where it was found (name, certification…), which is what ranks well.
 * Ties are broken by title in byte order ("C"), the same on PGlite and PostgreSQL: a word found
 * everywhere gives thousands of rows a handful of ranks, and comparing their titles by the
 * server's locale cost more than ranking them (5 ms of 20 at 10,000 courses).
 */
const QUERY = `to_tsquery('english', $1)`;
const RANK = `to_tsquery('english', $5)`;

export const SEARCH_SQL = /* sql */ `
  WITH hits AS (
    SELECT 'course' AS kind, c.id AS ref, c.course_name COLLATE "C" AS title,
           ts_rank(c.search, ${RANK}) * CASE WHEN c.course_type = 1 THEN ${KIND_WEIGHTS.program} ELSE ${KIND_WEIGHTS.course} END AS rank,
           CASE WHEN c.course_type = 1 THEN 0 ELSE 1 END AS kind_order
      FROM courses c WHERE c.status = 1 AND c.search @@ ${QUERY}
    UNION ALL
    SELECT 'page', p.path, p.title COLLATE "C", ts_rank(p.search, ${RANK}) * ${KIND_WEIGHTS.page}, 2
      FROM page_index p WHERE p.search @@ ${QUERY}
    ORDER BY rank DESC, kind_order, title
    LIMIT $2 OFFSET $3
  )
  -- The texts are read for the returned page only: carried through the sort, every match's
  -- summary and description were copied (10,000 of them when a word is everywhere).
  SELECT hits.kind, hits.ref, hits.title, hits.rank::float8 AS rank,
         ts_headline('english', ${escapeHtml("coalesce(c.summary || ' ' || c.description, p.body)")}, to_tsquery('english', $4), '${HEADLINE_OPTIONS}') AS snippet
    FROM hits
    LEFT JOIN courses c ON hits.kind = 'course' AND c.id = hits.ref
    LEFT JOIN page_index p ON hits.kind = 'page' AND p.path = hits.ref
   ORDER BY hits.rank DESC, hits.kind_order, hits.title`;

interface HitRow {
  kind: 'course' | 'page';
  ref: string;
  title: string;
  rank: number;
  snippet: string;
}

export interface SearchResult {
  hits: SearchHit[];
  /** The words searched when the query was corrected (typos, run-together words), else null. */
  corrected: string | null;
  /** True when no result had every word, so results with any of them are shown. */
  widened: boolean;
}

export interface SearchOptions {
  limit: number;
  offset?: number;
  /** Search the words as typed: no typo correction, no splitting. */
  exact?: boolean;
  synonyms?: readonly Synonym[];
  coursePath: (courseId: string) => string | undefined;
}

export async function searchSite(db: Queryable, query: string, options: SearchOptions): Promise<SearchResult> {
  const { limit, offset = 0, exact = false, synonyms = [] } = options;
  let words = queryWords(query);
  if (words.length === 0) return { hits: [], corrected: null, widened: false };
  const run = async (forms: QueryForms) => (await db.query<HitRow>(SEARCH_SQL, [forms.match, limit, offset, forms.highlight, forms.rank])).rows;
  const formsOf = (list: string[], any: boolean) => buildQuery(list, synonymVariants(list, synonyms), any);

  let corrected: string | null = null;
  let widened = false;
  let rows = await run(formsOf(words, false));
  // Corrections and any-word matches stand in for a query that finds nothing at all (its first page).
  if (rows.length === 0 && offset === 0 && !exact) {
    const better = await correctWords(db, words);
    if (better) {
      words = better;
      corrected = better.join(' ');
      rows = await run(formsOf(words, false));
    }
  }
  if (rows.length === 0 && offset === 0 && words.length > 1) {
    rows = await run(formsOf(words, true));
    widened = rows.length > 0;
  }
  const hits: SearchHit[] = [];
  for (const row of rows) {
    const path = row.kind === 'course' ? options.coursePath(row.ref) : row.ref;
    if (!path) continue; // a course not (yet) in the in-memory catalogue
    hits.push({ kind: row.kind, title: row.title, path, snippet: sentenceSnippet(row.snippet), rank: Math.round(row.rank * 1e6) / 1e6 });
  }
  return { hits, corrected, widened };
}
