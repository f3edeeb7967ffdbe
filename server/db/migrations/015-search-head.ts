/**
 * The head of a course's search document: the words of its name, certification, job titles,
 * summary and categories (weights A and B, migration 012), without its outline and description.
 *
 * A word found in every course's description ("security", "networking" in a catalogue of 10,000)
 * matched every course, and ts_rank scored all of them to keep ten: about 1.3 µs a row, most of a
 * search's 20 ms budget. Its own GIN index answers "which courses have every word in their head"
 * without reading the others, so such a search ranks those few and leaves the rest in a cheap
 * order (server/search/search.ts). Computed from `search` after the BEFORE trigger that builds it
 * (a stored generated column is computed after BEFORE triggers), so it cannot drift from it.
 *
 * The other matches of such a search are listed by kind (programs first) and title: read in that
 * order from courses_listing_idx until the page is full, rather than all of them read and sorted.
 */
import type { Migration } from './migration';

export const searchHead: Migration = {
  id: '015_search_head',
  sql: /* sql */ `
    ALTER TABLE courses ADD COLUMN search_head tsvector GENERATED ALWAYS AS (ts_filter(search, '{a,b}')) STORED;
    CREATE INDEX courses_search_head_idx ON courses USING gin (search_head) WITH (fastupdate = off);
    CREATE INDEX courses_listing_idx ON courses ((course_type <> 1), (course_name COLLATE "C"));
  `,
};
