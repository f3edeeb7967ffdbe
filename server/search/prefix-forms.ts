/**
 * Which words may match as a prefix. The query is stemmed before its prefix is applied, so a word
 * the English stemmer shortens becomes a wider prefix than was typed: "aws" is stemmed to "aw", and
 * "aw:*" found "awareness" (issue 31). A word the stemmer leaves as it is ("networ", "cyber",
 * "dipl") may be the start of a longer one; a shortened stem is kept as a prefix only while it is
 * long enough to stay one family of words ("secur:*": secure, securing, and the index's joined
 * "securityplus"), never a short one ("aw", "port" of "portfolio"). PostgreSQL's own stemmer
 * decides (ts_lexize), so this never disagrees with the index; its answers are remembered, as a
 * stemmer's answer never changes.
 */
import type { Queryable } from '../db/database';

const STEMS_SQL = `SELECT w AS word, (ts_lexize('english_stem', w))[1] AS stem FROM unnest($1::text[]) AS w`;
/** A stem shorter than the word typed stays a prefix from this many letters. */
const MIN_SHORTENED_PREFIX = 5;
/** Words remembered; a new one beyond this forgets the oldest. */
const MAX_REMEMBERED = 2000;
const prefixable = new Map<string, boolean>();

/** The words (of those given) that may match as a prefix. */
export async function prefixableForms(db: Queryable, forms: readonly string[]): Promise<Set<string>> {
  const unknown = [...new Set(forms.filter((form) => !prefixable.has(form)))];
  if (unknown.length > 0) {
    const { rows } = await db.query<{ word: string; stem: string | null }>(STEMS_SQL, [unknown]);
    for (const { word, stem } of rows) {
      if (prefixable.size >= MAX_REMEMBERED) prefixable.delete(prefixable.keys().next().value ?? '');
      prefixable.set(word, stem === word || (stem !== null && stem.length >= MIN_SHORTENED_PREFIX));
    }
  }
  return new Set(forms.filter((form) => prefixable.get(form) === true));
}
