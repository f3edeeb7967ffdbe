/**
 * Search synonyms (table search_synonyms, edited in the CRM): a query containing a synonym's term
 * ("office 365") is also searched with the term replaced by each of its meanings ("microsoft
 * 365"). Kept in memory per catalogue version: a save goes through editCatalogue, which bumps the
 * version on every instance (NOTIFY catalogue_changed), so the next search reads the new list.
 */
import type { Queryable } from '../db/database';
import { queryWords } from './query-text';

export interface Synonym {
  term: readonly string[];
  /** Each meaning as words. */
  means: readonly (readonly string[])[];
}

/** At most this many synonym variants per query (each one is a whole alternative in the tsquery). */
const MAX_VARIANTS = 4;

/** "means" is a comma-separated list of phrases. */
export function parseSynonym(term: string, means: string): Synonym {
  return {
    term: queryWords(term),
    means: means
      .split(',')
      .map(queryWords)
      .filter((words) => words.length > 0),
  };
}

const loaded = new WeakMap<Queryable, { version: number; list: Promise<Synonym[]> }>();

export function synonymsFor(db: Queryable, catalogueVersion: number): Promise<Synonym[]> {
  const held = loaded.get(db);
  if (held && held.version === catalogueVersion) return held.list;
  const list = db.query<{ term: string; means: string }>('SELECT term, means FROM search_synonyms ORDER BY id').then(({ rows }) =>
    rows
      .map((row) => parseSynonym(row.term, row.means))
      .filter((s) => s.term.length > 0)
      // Longer terms first: "linux admin" is a better match than "admin" in "linux admin".
      .sort((a, b) => b.term.length - a.term.length),
  );
  loaded.set(db, { version: catalogueVersion, list });
  list.catch(() => loaded.delete(db));
  return list;
}

/** "centers" is "center" too: a plural s is not a different word here. */
const sameWord = (typed: string, term: string) => typed === term || (term.length > 3 && typed === `${term}s`);

function findTerm(words: readonly string[], term: readonly string[]): number {
  for (let start = 0; start + term.length <= words.length; start++) {
    if (term.every((word, i) => sameWord(words[start + i] ?? '', word))) return start;
  }
  return -1;
}

/** The query's words with each matching synonym's term replaced by each of its meanings. */
export function synonymVariants(words: readonly string[], synonyms: readonly Synonym[]): string[][] {
  const variants: string[][] = [];
  for (const synonym of synonyms) {
    const at = findTerm(words, synonym.term);
    if (at < 0) continue;
    for (const meaning of synonym.means) {
      if (variants.length >= MAX_VARIANTS) return variants;
      variants.push([...words.slice(0, at), ...meaning, ...words.slice(at + synonym.term.length)]);
    }
  }
  return variants;
}
