/**
 * One page of a searched inbox and its total, by the plan that suits the fragment (issue 23).
 * Which plan is cheap depends on how many leads match, which the planner cannot know (the exact
 * and the indexed conditions are correlated, so it multiplies their selectivities and thinks
 * every fragment rare), so the first query finds out:
 * 1. Up to the cap + 1 matches are collected in no order (SEARCH_COUNT_CAP, or SHORT_SEARCH_COUNT_CAP
 *    for a fragment without a trigram), so the planner reads the trigram index for a rare fragment
 *    and the table from its start for a common one, and stops at the cap either way. With at most
 *    the cap of them, they are every match: the total is
 *    exact and the page is sorted from them, in that same query.
 * 2. Otherwise the fragment is common (more than one lead in a thousand), so the newest matches
 *    are found by walking the leads newest first (the index of the inbox's order) and checking
 *    each, which stops when the page is full. A short walk runs beside step 1 and serves fragments
 *    of one lead in a hundred or more; a longer one follows if needed. Walks are bounded, so one
 *    never becomes a read of every lead; if the bound is reached first (matches all old), the
 *    matches are read by the trigram index and sorted.
 * The page is the same in every case: the newest matches, ties by id.
 */
import type { Queryable } from '../db/database';
import { leadFilterConditions, type LeadQuery } from './lead-filters';
import { hasTrigram, searchConditions } from './lead-search';

/** Beyond this many matches a search's total says "more than" (decisions: issue 23). */
export const SEARCH_COUNT_CAP = 1_000;
/**
 * The same for a fragment with no trigram ("li", "wu"): no index narrows it, so its count reads
 * leads in turn until the cap, and a fragment in one lead of forty read 40,000 of them (151 ms at a
 * million) to say "more than 1,000". Two letters are a broad search; "more than 100" says as much.
 */
export const SHORT_SEARCH_COUNT_CAP = 100;

/** How far a search's total is counted exactly. */
export const searchCountCap = (q: string): number => (hasTrigram(q) ? SEARCH_COUNT_CAP : SHORT_SEARCH_COUNT_CAP);
/** The walk beside the count reads this many leads per lead on the page and before it ... */
const FIRST_WALK_PER_ROW = 100;
/** ... and the one after it, when the count found the fragment common (over 1 in 1,000), this many. */
const WALK_PER_ROW = 1_000;
/**
 * Below this share of matching leads the index's candidates are read instead of a longer walk.
 * At a million leads the two cost the same near 0.3 %: a walk of 6,700 leads read in order and
 * about 3,000 candidates read at random (each costs about three times as much).
 */
const WALK_SHARE = 0.003;

const NEWEST_FIRST = 'ORDER BY l.created_at DESC, l.id DESC';
/** The columns the exact search condition reads, carried out of the bounded walk. */
const SEARCHED_COLUMNS = 'l.id, l.created_at, l.search_text, l.first_name, l.last_name, l.email, l.phone';

export interface SearchPage {
  ids: string[];
  total: number;
  total_capped: boolean;
  /** How the page was found (for tests and EXPLAIN-minded readers). */
  plan: 'collected' | 'walked' | 'indexed';
}

export async function searchLeadPage(db: Queryable, query: LeadQuery, q: string, meId: string): Promise<SearchPage> {
  const params: unknown[] = [];
  const filters = leadFilterConditions(query, params, meId);
  const { exact, indexed } = searchConditions(q, params);
  const cap = searchCountCap(q);
  const offset = (query.page - 1) * query.page_size;
  const matching = `FROM leads l WHERE ${[...filters, exact, ...(indexed ? [indexed] : [])].join(' AND ')}`;
  const n = params.length;
  const page = [...params, query.page_size, offset];
  // The short walk runs beside the count (on PostgreSQL, on another connection; PGlite's one
  // connection takes them in turn, the count first): a common fragment fills its page there, so its
  // answer waits for the slower of the two, not for both. A rare one is answered as soon as the
  // count is; its walk finishes unread (errors dropped).
  const collecting = db.query<{ n: number; ids: string[] }>(
    `WITH found AS MATERIALIZED (SELECT l.id, l.created_at ${matching} LIMIT ${cap + 1})
     SELECT (SELECT count(*)::int FROM found) AS n,
            ARRAY(SELECT id::text FROM found l ${NEWEST_FIRST} LIMIT $${n + 1} OFFSET $${n + 2}) AS ids`,
    page,
  );
  const shortWalk = walk(db, query, q, meId, FIRST_WALK_PER_ROW);
  shortWalk.catch(() => undefined);
  const collected = await collecting;
  const found = collected.rows[0] ?? { n: 0, ids: [] };
  if (found.n <= cap) return { ids: trimmed(found.ids), total: found.n, total_capped: false, plan: 'collected' };

  const capped = { total: cap, total_capped: true };
  const probed = await shortWalk;
  if (probed.length === query.page_size) return { ids: probed, ...capped, plan: 'walked' };
  // The short walk is a sample of the newest leads: with at least WALK_SHARE of them matching,
  // the longer walk fills the page in about (offset + size) / share leads; with fewer, reading
  // the trigram index's candidates (about share × every lead) costs less.
  const probedRows = (offset + query.page_size) * FIRST_WALK_PER_ROW;
  const share = probed.length === 0 ? 0 : (offset + probed.length) / probedRows;
  if (share >= WALK_SHARE) {
    const walked = await walk(db, query, q, meId, WALK_PER_ROW);
    if (walked.length === query.page_size) return { ids: walked, ...capped, plan: 'walked' };
  }

  const sorted = await db.query<{ id: string }>(
    `WITH found AS MATERIALIZED (SELECT l.id, l.created_at ${matching})
     SELECT id FROM found l ${NEWEST_FIRST} LIMIT $${n + 1} OFFSET $${n + 2}`,
    page,
  );
  return { ids: trimmed(sorted.rows.map((row) => row.id)), ...capped, plan: 'indexed' };
}

/**
 * The page's matches among the newest `perRow` × (offset + page size) leads the filters allow,
 * checked one by one. Without the indexed condition (each lead is read anyway), so the inner
 * query is the inbox's own index walk and the outer one stops as soon as the page is full.
 */
async function walk(db: Queryable, query: LeadQuery, q: string, meId: string, perRow: number): Promise<string[]> {
  const params: unknown[] = [];
  const filters = leadFilterConditions(query, params, meId);
  const { exact } = searchConditions(q, params, false);
  const offset = (query.page - 1) * query.page_size;
  const n = params.length;
  const { rows } = await db.query<{ id: string }>(
    `SELECT l.id FROM (SELECT ${SEARCHED_COLUMNS} FROM leads l WHERE ${filters.join(' AND ')} ${NEWEST_FIRST} LIMIT $${n + 3}) l
      WHERE ${exact} ${NEWEST_FIRST} LIMIT $${n + 1} OFFSET $${n + 2}`,
    [...params, query.page_size, offset, (offset + query.page_size) * perRow],
  );
  return trimmed(rows.map((row) => row.id));
}

/** Lead ids are char(24) (blank-padded in some rows' history); the page is joined by them. */
const trimmed = (ids: string[]) => ids.map((id) => id.trim());
