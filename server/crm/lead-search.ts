/**
 * Search of the inbox by a fragment of a name, e-mail or phone, with today's meaning: the fragment
 * (any case) in "first last", "last first", the e-mail or the phone, or, for a phone-like fragment,
 * its digits in the phone's digits. leads.search_text (migration 025) holds those texts separated
 * by chr(1). A fragment without chr(1) matches search_text exactly when it matches one of its texts,
 * so for a fragment without digits `search_text ILIKE '%fragment%'` is the search. So it is for
 * three or more digits alone ("4773"): the old conditions look for those in every text, the
 * digits-only one included. Other fragments with digits keep the old conditions: "416-555" finds
 * "+14165550123" by its digits, which search_text cannot say (its digits-only text has no "-"), and
 * one or two digits ("75") would match the digits-only text of "+1 (647) 555-…" where they do not.
 *
 * The index (migration 029) is on search_text without ASCII spaces and punctuation, so its trigrams
 * span words: the fragment without those characters is in it whenever the fragment is in one of
 * the texts (removing the same characters from both keeps a substring a substring; chr(1) is kept
 * on both sides). That condition only narrows the candidates; the exact one decides.
 */
import { SQUASHED_CHARACTERS } from '../db/migrations/029-search-across-words';

const SEPARATOR = '\u0001';
/** The index's own character class (both regex dialects read it alike); it includes LIKE's %, _ and \. */
const SQUASHED = new RegExp(SQUASHED_CHARACTERS, 'g');
/** pg_trgm needs three letters or digits in a row for a trigram; without, the index would be read whole. */
const TRIGRAM = /[\p{L}\p{N}]{3}/u;

/** Whether the trigram index can narrow a search for `q` (three letters or digits in a row, once squashed). */
export const hasTrigram = (q: string): boolean => TRIGRAM.test(q.replace(SQUASHED, ''));

export interface SearchConditions {
  /** The search itself (columns of leads as `l`). */
  exact: string;
  /** A looser condition the trigram index answers, or null when the fragment has no trigram. */
  indexed: string | null;
}

/** The search conditions for `q`; their values are pushed to `params`. `withIndex: false` leaves `indexed` out. */
export function searchConditions(q: string, params: unknown[], withIndex = true): SearchConditions {
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  params.push(pattern);
  const p = `$${params.length}`;
  const squashed = q.replace(SQUASHED, '');
  let indexed: string | null = null;
  if (withIndex && hasTrigram(q)) {
    params.push(`%${squashed}%`);
    indexed = `regexp_replace(l.search_text, '${SQUASHED_CHARACTERS}', '', 'g') ILIKE $${params.length}`;
  }
  if ((!/\d/.test(q) || /^\d{3,}$/.test(q)) && !q.includes(SEPARATOR)) return { exact: `l.search_text ILIKE ${p}`, indexed };
  const digits = q.replace(/\D/g, '');
  // Phone numbers are found by their digits too, so "416 555" finds "+14165550123".
  const phoneByDigits = digits.length >= 3 && /^[\d\s()+.-]+$/.test(q);
  const exact = [
    `(l.first_name || ' ' || l.last_name) ILIKE ${p}`,
    `(l.last_name || ' ' || l.first_name) ILIKE ${p}`,
    `l.email ILIKE ${p}`,
    `l.phone ILIKE ${p}`,
  ];
  if (phoneByDigits) {
    params.push(`%${digits}%`);
    exact.push(`regexp_replace(l.phone, '[^0-9]', '', 'g') LIKE $${params.length}`);
  }
  return { exact: `(${exact.join(' OR ')})`, indexed };
}

/** The search as one condition (the exact one first: the planner keeps that order at equal cost). */
export function searchCondition(q: string, params: unknown[]): string {
  const { exact, indexed } = searchConditions(q, params);
  return indexed ? `${exact} AND ${indexed}` : exact;
}
