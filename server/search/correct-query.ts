/**
 * Typo tolerance and run-together words, for a query whose words as typed find nothing. Each word
 * that is not a known word of the indexed text is either a known word with two letters swapped
 * ("netwrok"), or split into two known words ("webdeveloper" → "web developer", the dictionary
 * being the vocabulary itself), or replaced by
 * the most similar known word (pg_trgm similarity above a threshold: `securty` → `security`,
 * `cybersecurty` → `cybersecurity`, a joined pair the vocabulary also holds). The known words are
 * the search_words table, kept current by triggers on courses and page_index (migrations 007 and
 * 012) and searched through its trigram index, so the cost does not grow with the catalogue.
 */
import type { Queryable } from '../db/database';

/** Below this trigram similarity a "correction" is more likely a different word. */
export const SIMILARITY_THRESHOLD = 0.4;

/** Words worth correcting: with letters, long enough to have a meaningful trigram profile. */
const CORRECTABLE = /^(?=.*\p{L})[\p{L}\p{N}]{4,}$/u;
/** Each half of a split is a real word of at least this many letters. */
const MIN_PART = 3;

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

const KNOWN_SQL = 'SELECT word, uses FROM search_words WHERE word = ANY($1::text[])';

/** "netwrok" → "network": two letters swapped, which trigrams score too low to trust. */
function transpositions(word: string): string[] {
  const out: string[] = [];
  for (let i = 0; i + 1 < word.length; i++) out.push(`${word.slice(0, i)}${word[i + 1]}${word[i]}${word.slice(i + 2)}`);
  return out;
}

function splits(word: string): [string, string][] {
  const out: [string, string][] = [];
  for (let at = MIN_PART; at <= word.length - MIN_PART; at++) out.push([word.slice(0, at), word.slice(at)]);
  return out;
}

/** The corrected words, or null when there was nothing to correct. */
export async function correctWords(db: Queryable, words: readonly string[]): Promise<string[] | null> {
  const candidates = [...new Set(words.filter((word) => CORRECTABLE.test(word)))];
  if (candidates.length === 0) return null;
  const lookups = [...new Set([...candidates, ...candidates.flatMap((word) => [...splits(word).flat(), ...transpositions(word)])])];
  const known = new Map((await db.query<{ word: string; uses: number }>(KNOWN_SQL, [lookups])).rows.map((row) => [row.word, row.uses]));
  const replacements = new Map<string, string>();
  const unknown: string[] = [];
  for (const word of candidates) {
    if (known.has(word)) continue;
    const swapped = transpositions(word).find((other) => known.has(other));
    if (swapped) {
      replacements.set(word, swapped);
      continue;
    }
    // The split whose rarer half is most used: "webdeveloper" is "web developer", not "webd eveloper".
    const best = splits(word)
      .filter(([left, right]) => known.has(left) && known.has(right))
      .sort((a, b) => Math.min(known.get(b[0]) ?? 0, known.get(b[1]) ?? 0) - Math.min(known.get(a[0]) ?? 0, known.get(a[1]) ?? 0))[0];
    if (best) replacements.set(word, best.join(' '));
    else unknown.push(word);
  }
  if (unknown.length > 0) {
    const { rows } = await db.query<{ asked: string; known: string | null }>(CORRECTION_SQL, [unknown, SIMILARITY_THRESHOLD]);
    for (const row of rows) if (row.known && row.known !== row.asked) replacements.set(row.asked, row.known);
  }
  if (replacements.size === 0) return null;
  return words.flatMap((word) => (replacements.get(word) ?? word).split(' '));
}
