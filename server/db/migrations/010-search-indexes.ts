/**
 * Search indexes tuned for a catalogue that is read far more often than it is written.
 *
 * GIN's fast update parks new entries in a pending list that every search then reads from start to
 * end, until a vacuum merges it into the index. After 10,000 new courses (and 22,000 new words) a
 * one-row full-text search took 2.6 ms instead of 0.03 ms, and the typo lookup's planner, seeing
 * that cost, read the whole vocabulary instead of the trigram index: 13-17 ms per word instead of
 * 0.1 ms. Staff edits are few, so each write now merges its own entries at once (a little slower
 * to write, never slower to read), and the lists earlier writes left are merged here.
 */
import type { Migration } from './migration';

const GIN_INDEXES = ['courses_search_idx', 'courses_name_trgm_idx', 'page_index_search_idx', 'search_words_trgm_idx'];

export const searchIndexes: Migration = {
  id: '010_search_indexes',
  sql: GIN_INDEXES.map(
    (index) => `ALTER INDEX ${index} SET (fastupdate = off);\nSELECT gin_clean_pending_list('${index}'::regclass);`,
  ).join('\n'),
};
