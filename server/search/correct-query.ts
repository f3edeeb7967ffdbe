/**
 * Typo tolerance: each word of the query that is not a known word of the indexed text is
 * replaced by the most similar known word (pg_trgm similarity above a threshold), so that
 * `securty` searches for `security`. The vocabulary is read live from the indexed text, which
 * is small (a college catalogue), so it can never be stale.
 */
import type { Queryable } from '../db/database';

/** Below this trigram similarity a "correction" is more likely a different word. */
export const SIMILARITY_THRESHOLD = 0.4;

/** Words worth correcting: letters only, long enough to have a meaningful trigram profile. */
const CORRECTABLE = /[a-z]{4,}/g;

const VOCABULARY_SQL = /* sql */ `
  WITH vocabulary AS (
    SELECT DISTINCT word FROM (
      SELECT regexp_split_to_table(lower(course_name || ' ' || coalesce(certification, '') || ' ' || summary || ' ' || description), '[^a-z0-9]+') AS word
        FROM courses WHERE status = 1
      UNION ALL
      SELECT regexp_split_to_table(lower(title || ' ' || body), '[^a-z0-9]+') FROM page_index
    ) words
    WHERE length(word) >= 3
  )
  SELECT asked.word AS asked, best.word AS known
    FROM unnest($1::text[]) AS asked(word)
    LEFT JOIN LATERAL (
      SELECT v.word FROM vocabulary v
       WHERE similarity(v.word, asked.word) >= $2
       ORDER BY similarity(v.word, asked.word) DESC, length(v.word), v.word
       LIMIT 1
    ) best ON true`;

export interface CorrectedQuery {
  /** The query to search with (the original when nothing needed correcting). */
  text: string;
  /** True when at least one word was replaced. */
  corrected: boolean;
}

export async function correctQuery(db: Queryable, query: string): Promise<CorrectedQuery> {
  const lower = query.toLowerCase();
  const words = [...new Set(lower.match(CORRECTABLE) ?? [])];
  if (words.length === 0) return { text: query, corrected: false };
  const { rows } = await db.query<{ asked: string; known: string | null }>(VOCABULARY_SQL, [words, SIMILARITY_THRESHOLD]);
  const replacements = new Map<string, string>();
  for (const row of rows) if (row.known && row.known !== row.asked) replacements.set(row.asked, row.known);
  if (replacements.size === 0) return { text: query, corrected: false };
  return { text: lower.replace(CORRECTABLE, (word) => replacements.get(word) ?? word), corrected: true };
}
