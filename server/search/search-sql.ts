/**
 * The statement behind searchSite (search.ts): which matches come first, and how little of a large
 * catalogue it reads to say so.
 *
 * The query is written out where it is used, never joined from a CTE: as an expression of the
 * parameters (folded to a constant) or a scalar subquery's value (OPAQUE_QUERY), `search @@ query`
 * can use the GIN index (a CTE join hid it behind a nested loop over every course, 45 ms at 10,000
 * courses).
 * $1 to_tsquery input, $2 limit, $3 offset, $4 the highlighting query, $5 the ranking query,
 * $6 the most matches ranked (MOST_RANKED_MATCHES).
 *
 * Ranked by the query with every AND made an OR: ts_rank scores an AND by how close its terms
 * stand, and a joined pair ("devops" for "dev ops") stands alone; as an OR, each matched term
 * counts by the weight of where it was found (name, certification…), which is what ranks well.
 * For a like match, a program outranks a course, and a course an information page (KIND_WEIGHTS).
 * Ties are broken by title in byte order ("C"), the same on PGlite and PostgreSQL: comparing
 * thousands of tied titles by the server's locale cost more than ranking them.
 */
import type { QueryForms } from './query-text';

/** A SQL text expression HTML-escaped in the database: the entities of src/escape-html.ts (& first). */
const escapedHtmlSql = (expr: string) =>
  `replace(replace(replace(replace(replace(${expr}, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'), '''', '&#39;')`;

const HEADLINE_OPTIONS = 'StartSel=<mark>, StopSel=</mark>, HighlightAll=true';

export const KIND_WEIGHTS = { program: 1.25, course: 1, page: 0.8 } as const;

/**
 * Up to this many matching courses, every match is ranked (the catalogue as it is: a few dozen).
 * Beyond it a word is common in this catalogue ("security" in 10,000 descriptions), and ts_rank
 * over every match (about 1 µs a row, with the heap read for it) was most of the 20 ms budget. Then
 * COMMON_WORDS_SQL answers: the courses with every word in their head (name, certification, job
 * titles, summary, categories: migration 015, with its own GIN index) come first, ranked; the others
 * follow by kind (programs first) and title, unranked (rank 0), read in that order from an index
 * until the page is full. Should the heads themselves be more than this many, they too are listed
 * by kind and title.
 */
export const MOST_RANKED_MATCHES = 500;

const QUERY = `to_tsquery('english', $1)`;
/**
 * The same query as a value the planner does not look into, computed once per execution. Folded to
 * a constant, a common word's estimate invites a sequential scan that tests every course (counting
 * the first 1,001 of 2,500 matches read 8,000 courses, 4 ms, where the GIN index took 0.7 ms); as
 * a subquery's value it gets the default estimate, and the GIN index is used all the same. And
 * SEARCH_SQL, a named statement with a generic plan, has nothing left to fold: a to_tsquery() of a
 * parameter there would be computed again for every row it tests or ranks (10 µs each: the 88–124
 * ms p95 of the named statement tried in issue 19).
 */
const OPAQUE_QUERY = `(SELECT ${QUERY})`;
const RANK = `(SELECT to_tsquery('english', $5))`;
const RANKED = `ts_rank(c.search, ${RANK}) * CASE WHEN c.course_type = 1 THEN ${KIND_WEIGHTS.program} ELSE ${KIND_WEIGHTS.course} END`;
const KIND_ORDER = 'CASE WHEN c.course_type = 1 THEN 0 ELSE 1 END';
/** The order of courses_listing_idx (migration 015): programs first, then by title. */
const LISTING_ORDER = `c.course_type <> 1, c.course_name COLLATE "C"`;
const PAGE_END = '$2::integer + $3::integer';
/** How many active courses match in this column, counting no further than one past $6. */
const COUNT_UP_TO_MOST = (column: string) =>
  `SELECT count(*) AS n FROM (SELECT FROM courses WHERE status = 1 AND ${column} @@ ${OPAQUE_QUERY} LIMIT $6::integer + 1) m`;

/** A JSON list's texts, one a line. */
const jsonLines = (list: string) =>
  `(SELECT string_agg(x, E'\\n') FROM jsonb_array_elements_text(CASE WHEN jsonb_typeof(${list}) = 'array' THEN ${list} ELSE '[]' END) x)`;

/**
 * Every text a course's search document holds (migration 012), each field on lines of its own, so
 * the snippet can show whatever matched: "python" is in an outline item, "help desk" perhaps only
 * in a job title. The name comes last: the snippet shows it only when nothing else matched. The
 * category names are read here, not by course_category_names(): a PL/pgSQL call per row cost five
 * times as much.
 */
const COURSE_TEXT = `concat_ws(E'\\n', c.summary, c.description, ${jsonLines('c.outline')}, c.certification, ${jsonLines("c.outcomes -> 'job_titles'")},
  (SELECT name FROM categories WHERE id = c.category_id), (SELECT name FROM categories WHERE id = c.sub_category_id),
  concat_ws(' · ', CASE c.course_type WHEN 1 THEN 'Full-time program' WHEN 2 THEN 'Part-time course' END,
    CASE c.delivery_mode WHEN 1 THEN 'On campus' WHEN 2 THEN 'Online' END),
  c.course_name)`;
const PAGE_TEXT = `p.body || E'\\n' || p.title`;
/** The texts snippets are drawn from, of a course `c` and a page `p` (exported for tests). */
export const SNIPPET_TEXTS = { course: COURSE_TEXT, page: PAGE_TEXT } as const;

/** The page of hits (a CTE named hits) with the snippets of its texts, read for those rows only. */
const withSnippets = (order: string) => /* sql */ `
  SELECT hits.kind, hits.ref, hits.title, hits.rank::float8 AS rank, hits.kind_order,
         ts_headline('english', ${escapedHtmlSql(`CASE WHEN hits.kind = 'course' THEN ${COURSE_TEXT} ELSE ${PAGE_TEXT} END`)}, (SELECT to_tsquery('english', $4)), '${HEADLINE_OPTIONS}') AS snippet
    FROM hits
    LEFT JOIN courses c ON hits.kind = 'course' AND c.id = hits.ref
    LEFT JOIN page_index p ON hits.kind = 'page' AND p.path = hits.ref
   ORDER BY ${order}`;

/**
 * Every match ranked, when there are at most $6; else no hits and one row saying `many`, and
 * searchSite asks COMMON_WORDS_SQL instead. One lean statement for the usual search, run as a
 * named statement whose generic plan is the same for every query (planned once per connection): a
 * statement with the branches of both cost every search 0.3–0.7 ms more to parse and plan.
 * Every tsquery in it is opaque (OPAQUE_QUERY).
 */
export const SEARCH_SQL = /* sql */ `
  WITH counted AS MATERIALIZED (
    SELECT n > $6 AS many FROM (${COUNT_UP_TO_MOST('search')}) m
  ), hits AS (
    SELECT 'course' AS kind, c.id AS ref, c.course_name COLLATE "C" AS title, ${RANKED} AS rank, ${KIND_ORDER} AS kind_order
      FROM courses c WHERE c.status = 1 AND c.search @@ ${OPAQUE_QUERY} AND NOT (SELECT many FROM counted)
    UNION ALL
    SELECT 'page', p.path, p.title COLLATE "C", ts_rank(p.search, ${RANK}) * ${KIND_WEIGHTS.page}, 2
      FROM page_index p WHERE p.search @@ ${OPAQUE_QUERY} AND NOT (SELECT many FROM counted)
    ORDER BY rank DESC, kind_order, title
    LIMIT $2 OFFSET $3
  ), page AS (${withSnippets('hits.rank DESC, hits.kind_order, hits.title')})
  SELECT page.*, false AS many FROM page
  UNION ALL
  SELECT NULL, NULL, NULL, NULL, NULL, NULL, true WHERE (SELECT many FROM counted)
  ORDER BY many DESC, rank DESC, kind_order, title`;

const COURSE = (bodyOnly: boolean, rank: string) =>
  `'course' AS kind, c.id AS ref, c.course_name COLLATE "C" AS title, ${bodyOnly} AS body_only, ${rank} AS rank, ${KIND_ORDER} AS kind_order`;

/**
 * More than $6 matches. Each branch runs only when its condition (one value for the whole
 * statement) holds: the planner makes them one-time filters, so a branch that does not apply reads
 * nothing. The branches in listing order keep the query folded: its estimate, high for a common
 * word, is what makes the planner read the index in order and stop when the page is full.
 */
export const COMMON_WORDS_SQL = /* sql */ `
  WITH heads AS MATERIALIZED (${COUNT_UP_TO_MOST('search_head')}),
  candidates AS (
    -- The heads ranked, when they are few enough.
    SELECT ${COURSE(false, RANKED)}
      FROM courses c WHERE c.status = 1 AND c.search_head @@ ${OPAQUE_QUERY} AND (SELECT n <= $6 FROM heads)
    UNION ALL
    -- More heads than that: the heads in listing order, as far as the page reaches.
    (SELECT ${COURSE(false, '0')}
       FROM courses c WHERE c.status = 1 AND c.search_head @@ ${QUERY} AND (SELECT n > $6 FROM heads)
      ORDER BY ${LISTING_ORDER} LIMIT ${PAGE_END})
    UNION ALL
    -- The heads do not fill the page: the other matches in listing order, as far as it reaches.
    (SELECT ${COURSE(true, '0')}
       FROM courses c WHERE c.status = 1 AND c.search @@ ${QUERY} AND NOT c.search_head @@ ${QUERY} AND (SELECT n < ${PAGE_END} FROM heads)
      ORDER BY ${LISTING_ORDER} LIMIT ${PAGE_END})
    UNION ALL
    -- Information pages (a few dozen) by the same rule, their title as their head.
    SELECT 'page', p.path, p.title COLLATE "C", NOT head.found,
           CASE WHEN head.found AND (SELECT n <= $6 FROM heads) THEN ts_rank(p.search, ${RANK}) * ${KIND_WEIGHTS.page} ELSE 0 END, 2
      FROM page_index p CROSS JOIN LATERAL (SELECT ts_filter(p.search, '{a,b}') @@ ${QUERY} AS found) head
     WHERE p.search @@ ${QUERY}
  ), hits AS (
    SELECT * FROM candidates ORDER BY body_only, rank DESC, kind_order, title LIMIT $2 OFFSET $3
  )
  ${withSnippets('hits.body_only, hits.rank DESC, hits.kind_order, hits.title')}`;

/** The parameters of SEARCH_SQL and COMMON_WORDS_SQL. */
export const searchParams = (forms: QueryForms, limit: number, offset: number, mostRanked = MOST_RANKED_MATCHES): unknown[] => [
  forms.match,
  limit,
  offset,
  forms.highlight,
  forms.rank,
  mostRanked,
];
