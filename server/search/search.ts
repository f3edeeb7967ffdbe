/**
 * Keyword search over active courses and information pages: PostgreSQL full-text search over
 * documents normalised and expanded by migration 012 (English stemming, "X+", joined word pairs),
 * with the query built by query-text.ts (joins, prefix, synonyms). Ranked by ts_rank, then by kind
 * for a like match: programs (full-time) above courses above information pages; a word too common
 * to rank every match of is answered as search-sql.ts says (the heads first, ranked, then the rest).
 * All words must match; when that finds nothing, the words are corrected (typos, run-together
 * words) unless `exact`; when that still finds nothing, any word may (the answer is "widened").
 * Snippets are whole sentences (or lines: an outline item, a heading) of the HTML-escaped text, so
 * the only markup in them is our <mark>; every result's snippet shows what it matched (issue 31).
 */
import type { Queryable } from '../db/database';
import type { SearchHit } from '../../src/search-contract';
import { correctWords } from './correct-query';
import { prefixableForms } from './prefix-forms';
import { buildQuery, prefixCandidates, queryWords, type QueryForms } from './query-text';
import { COMMON_WORDS_SQL, searchParams, SEARCH_SQL } from './search-sql';
import { typedFormsMarker } from './mark-forms';
import { sentenceSnippet } from './snippet';
import { synonymVariants, type Synonym } from './synonyms';

interface HitRow {
  kind: 'course' | 'page';
  ref: string;
  title: string;
  rank: number;
  snippet: string;
  /** SEARCH_SQL's one row when the query matches too many courses to rank them all. */
  many?: boolean;
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
  const run = async (forms: QueryForms) => {
    const params = searchParams(forms, limit, offset);
    // Named, so each connection parses and plans it once and then reuses its generic plan (the
    // planning was a third of a light search's cost); see SEARCH_SQL for why that plan is sound.
    const rows = (await db.query<HitRow>({ name: 'site-search', text: SEARCH_SQL, values: params })).rows;
    return rows.some((row) => row.many) ? (await db.query<HitRow>(COMMON_WORDS_SQL, params)).rows : rows;
  };
  const formsOf = async (list: string[], any: boolean) =>
    buildQuery(list, synonymVariants(list, synonyms), any, await prefixableForms(db, prefixCandidates(list)));

  let corrected: string | null = null;
  let widened = false;
  let rows = await run(await formsOf(words, false));
  // Corrections and any-word matches stand in for a query that finds nothing at all (its first page).
  if (rows.length === 0 && offset === 0 && !exact) {
    const better = await correctWords(db, words);
    if (better) {
      words = better;
      corrected = better.join(' ');
      rows = await run(await formsOf(words, false));
    }
  }
  if (rows.length === 0 && offset === 0 && words.length > 1) {
    rows = await run(await formsOf(words, true));
    widened = rows.length > 0;
  }
  const hits: SearchHit[] = [];
  const markTypedForms = typedFormsMarker(words);
  for (const row of rows) {
    const path = row.kind === 'course' ? options.coursePath(row.ref) : row.ref;
    if (!path) continue; // a course not (yet) in the in-memory catalogue
    const snippet = sentenceSnippet(markTypedForms(row.snippet), words);
    // The snippet is drawn from every text the document was matched in, so it shows the match;
    // one that cannot is a result the visitor could not tell the reason for, and is left out.
    if (!snippet.includes('<mark>')) continue;
    hits.push({ kind: row.kind, title: row.title, path, snippet, rank: Math.round(row.rank * 1e6) / 1e6 });
  }
  return { hits, corrected, widened };
}
