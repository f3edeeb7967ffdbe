/**
 * The inbox's indexes carry the two columns that decide whether a lead is listed (issue 23). Since
 * repeat inquiries and merges (migration 024) every inbox query adds `parent_lead_id IS NULL AND
 * merged_into IS NULL`; those columns were in none of migration 025's indexes, so counting "my
 * leads" (up to 10,001 of them) read each one from the table, at random: 122 ms at a million leads,
 * where the index alone answers in a few. Both columns are null for nearly every lead, which costs
 * an index entry only its null bitmap. The stage index gains the other filter columns too, so a
 * stage page with a source or location is also read in the index.
 */
import type { Migration } from './migration';

const LISTED_BY = 'parent_lead_id, merged_into';

export const listedLeadsInIndexes: Migration = {
  id: '030_listed_leads_in_indexes',
  sql: /* sql */ `
    DROP INDEX leads_newest_idx;
    CREATE INDEX leads_newest_idx ON leads (created_at DESC, id DESC)
      INCLUDE (stage, source, course_type, location, ${LISTED_BY});
    DROP INDEX leads_stage_newest_idx;
    CREATE INDEX leads_stage_newest_idx ON leads (stage, created_at DESC, id DESC)
      INCLUDE (source, course_type, location, ${LISTED_BY});
    DROP INDEX leads_owner_newest_idx;
    CREATE INDEX leads_owner_newest_idx ON leads (owner_id, created_at DESC, id DESC)
      INCLUDE (stage, source, course_type, location, ${LISTED_BY});
  `,
};
