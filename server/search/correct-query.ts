/**
 * Typo tolerance: each word of the query that is not a known word of the indexed text is
 * replaced by the most similar known word (pg_trgm similarity above a threshold), so that
 * `securty` searches for `security`. The known words are the search_words table, kept current by
 * triggers on courses and page_index (migration 007) and searched through its trigram index, so the
 * cost does not grow with the catalogue.
 */
import type { Queryable } from '../db/database';

/** Below this trigram similarity a "correction" is more likely a different word. */
export const SIMILARITY_THRESHOLD = 0.4;

/** Words worth correcting: letters only, long enough to have a meaningful trigram profile. */
const CORRECTABLE = /[a-z]{4,}/g;

/**
 * `%` (similarity above pg_trgm.similarity_threshold, 0.3 by default) is what the GIN index
 * answers; the stricter threshold is applied to the few candidates it returns.
 */
export const CORRECTION_SQL = /* sql */ `
  SELECT asked.word AS asked, best.word AS known
    FROM unnest($1::text[]) AS asked(word)
    LEFT JOIN LATERAL (
      SELECT v.word FROM search_words v
       WHERE v.word % asked.word AND similarity(v.word, asked.word) >= $2
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
  const { rows } = await db.query<{ asked: string; known: string | null }>(CORRECTION_SQL, [words, SIMILARITY_THRESHOLD]);
  const replacements = new Map<string, string>();
  for (const row of rows) if (row.known && row.known !== row.asked) replacements.set(row.asked, row.known);
  if (replacements.size === 0) return { text: query, corrected: false };
  return { text: lower.replace(CORRECTABLE, (word) => replacements.get(word) ?? word), corrected: true };
}
