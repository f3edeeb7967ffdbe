/**
 * Fragment search at a million leads (issue 23): the trigram index of migration 025 indexed
 * leads.search_text as pg_trgm splits it, at spaces and punctuation, so a fragment spanning two
 * words ("ia Gar", "ia_garc") was looked up by its weak short pieces ("ia", "gar": 13,000
 * candidates re-read from the table for 400 matches). This index is on search_text with the
 * ASCII spaces and punctuation removed (chr(1), between its texts, is kept so texts stay apart):
 * "Sofia Garcia" is indexed as "SofiaGarcia", whose trigrams "iag", "aga" span the space.
 * server/crm/lead-search.ts removes the same characters from the fragment, so the indexed condition
 * holds for every lead the exact one matches; it replaces the 025 index (one GIN index per lead).
 * IF [NOT] EXISTS: a benchmark database may have been given the index by hand before this ran.
 */
import type { Migration } from './migration';

/** The characters removed: ASCII controls but chr(1), spaces, punctuation (also in lead-search.ts). */
export const SQUASHED_CHARACTERS = '[\\x02-\\x2F\\x3A-\\x40\\x5B-\\x60\\x7B-\\x7F]';

export const searchAcrossWords: Migration = {
  id: '029_search_across_words',
  sql: /* sql */ `
    CREATE INDEX IF NOT EXISTS leads_search_squashed_trgm_idx
      ON leads USING gin ((regexp_replace(search_text, '${SQUASHED_CHARACTERS}', '', 'g')) gin_trgm_ops);
    DROP INDEX IF EXISTS leads_search_trgm_idx;
  `,
};
