/**
 * The leads inbox at a college's real size (issue 23: a million leads).
 * - Fragment search: a stored column of every text a search looks in (both name orders, e-mail,
 *   phone, phone digits) with a trigram GIN index, so `%fragment%` is an index scan
 *   (server/crm/lead-search.ts). pg_trgm is created in 001 and loaded into PGlite by
 *   server/db/database.ts, so this holds on both databases.
 * - Lists newest first: indexes end in (created_at DESC, id DESC), the inbox's order, so a page is
 *   an index walk without a sort; the newest-first index carries the small filter columns, so the
 *   dashboard's recent counts and a filtered page's ids are index-only scans; so does the owner
 *   index, so "my leads at stage 2" is counted in the index. The indexes they
 *   replace were their prefixes (the owner index also serves `owner_id IS NULL`).
 * - lead_tallies: counts of leads by stage, source, course type, location and course, kept by
 *   triggers, for the charts' all-time counts and exact inbox totals without counting a million
 *   rows. Each connection writes its own rows (slot = its backend pid), so concurrent intakes never
 *   wait on one counter row; housekeeping folds the slots into slot 0 (server/crm/lead-tallies.ts).
 */
import type { Migration } from './migration';

export const leadsAtScale: Migration = {
  id: '025_leads_at_scale',
  sql: /* sql */ `
    -- Every text a search looks in, separated by chr(1), which a search never contains, so a match
    -- lies within one of them. Stored: a search re-checks candidates without recomputing it.
    ALTER TABLE leads ADD COLUMN search_text text GENERATED ALWAYS AS (
      first_name || ' ' || last_name || chr(1) || last_name || ' ' || first_name || chr(1) || email || chr(1)
        || phone || chr(1) || regexp_replace(phone, '[^0-9]', '', 'g')
    ) STORED;
    CREATE INDEX leads_search_trgm_idx ON leads USING gin (search_text gin_trgm_ops);

    DROP INDEX leads_created_idx;
    CREATE INDEX leads_newest_idx ON leads (created_at DESC, id DESC) INCLUDE (stage, source, course_type, location);
    DROP INDEX leads_stage_created_idx;
    CREATE INDEX leads_stage_newest_idx ON leads (stage, created_at DESC, id DESC);
    DROP INDEX leads_owner_created_idx;
    DROP INDEX leads_unassigned_created_idx;
    CREATE INDEX leads_owner_newest_idx ON leads (owner_id, created_at DESC, id DESC) INCLUDE (stage, source, course_type, location);

    CREATE TABLE lead_tallies (
      -- The backend that counted (pg_backend_pid()); 0 once folded by housekeeping.
      slot         integer NOT NULL,
      stage        smallint NOT NULL,
      source       smallint NOT NULL,
      -- 0: no course type; '': no course (key columns cannot be null).
      course_type  smallint NOT NULL,
      location     smallint NOT NULL,
      course_id    text NOT NULL,
      n            bigint NOT NULL,
      PRIMARY KEY (slot, stage, source, course_type, location, course_id)
    );

    -- plpgsql, not a SQL function: its statements are planned once per connection.
    CREATE FUNCTION lead_tally() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      -- A repeat inquiry (shown on the lead it joined) and a merged lead are not counted (migration 024).
      IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.parent_lead_id IS NULL AND OLD.merged_into IS NULL THEN
        INSERT INTO lead_tallies AS t (slot, stage, source, course_type, location, course_id, n)
        VALUES (pg_backend_pid(), OLD.stage, OLD.source, coalesce(OLD.course_type, 0), OLD.location, coalesce(rtrim(OLD.course_id), ''), -1)
        ON CONFLICT (slot, stage, source, course_type, location, course_id) DO UPDATE SET n = t.n - 1;
      END IF;
      IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.parent_lead_id IS NULL AND NEW.merged_into IS NULL THEN
        INSERT INTO lead_tallies AS t (slot, stage, source, course_type, location, course_id, n)
        VALUES (pg_backend_pid(), NEW.stage, NEW.source, coalesce(NEW.course_type, 0), NEW.location, coalesce(rtrim(NEW.course_id), ''), 1)
        ON CONFLICT (slot, stage, source, course_type, location, course_id) DO UPDATE SET n = t.n + 1;
      END IF;
      RETURN NULL;
    END $$;

    CREATE FUNCTION lead_tally_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      DELETE FROM lead_tallies;
      RETURN NULL;
    END $$;

    CREATE TRIGGER leads_tally_insert AFTER INSERT ON leads FOR EACH ROW EXECUTE FUNCTION lead_tally();
    CREATE TRIGGER leads_tally_delete AFTER DELETE ON leads FOR EACH ROW EXECUTE FUNCTION lead_tally();
    CREATE TRIGGER leads_tally_update AFTER UPDATE OF stage, source, course_type, location, course_id, parent_lead_id, merged_into ON leads
      FOR EACH ROW WHEN (
        OLD.stage IS DISTINCT FROM NEW.stage OR OLD.source IS DISTINCT FROM NEW.source
        OR OLD.course_type IS DISTINCT FROM NEW.course_type OR OLD.location IS DISTINCT FROM NEW.location
        OR OLD.course_id IS DISTINCT FROM NEW.course_id OR OLD.parent_lead_id IS DISTINCT FROM NEW.parent_lead_id
        OR OLD.merged_into IS DISTINCT FROM NEW.merged_into
      ) EXECUTE FUNCTION lead_tally();
    CREATE TRIGGER leads_tally_truncate AFTER TRUNCATE ON leads FOR EACH STATEMENT EXECUTE FUNCTION lead_tally_truncate();

    INSERT INTO lead_tallies (slot, stage, source, course_type, location, course_id, n)
    SELECT 0, stage, source, coalesce(course_type, 0), location, coalesce(rtrim(course_id), ''), count(*)
      FROM leads WHERE parent_lead_id IS NULL AND merged_into IS NULL GROUP BY 2, 3, 4, 5, 6;
  `,
};
