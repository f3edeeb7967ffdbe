/**
 * The vocabulary typo correction matches against: every word (3+ letters) of active courses and
 * information pages, with how many rows use it, behind a trigram GIN index. Row triggers keep it
 * current as rows are inserted, edited or deleted (one course edit touches its own words only), so
 * a misspelt query costs one indexed lookup instead of re-splitting the whole catalogue.
 */
import type { Migration } from './migration';

/** The searchable text of a course row, as courses.search weighs it. */
const courseText = (row: string) =>
  `${row}.course_name || ' ' || coalesce(${row}.certification, '') || ' ' || ${row}.summary || ' ' || ${row}.description`;

export const searchWords: Migration = {
  id: '007_search_words',
  sql: /* sql */ `
    CREATE TABLE search_words (
      word text PRIMARY KEY,
      uses integer NOT NULL
    );
    CREATE INDEX search_words_trgm_idx ON search_words USING gin (word gin_trgm_ops);

    CREATE FUNCTION search_words_of(body text) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
      SELECT coalesce(array_agg(DISTINCT w), '{}')
        FROM regexp_split_to_table(lower(body), '[^a-z0-9]+') AS w
       WHERE length(w) >= 3
    $$;

    CREATE FUNCTION count_search_words(gone text[], came text[]) RETURNS void LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE search_words SET uses = uses - 1 WHERE word = ANY(gone);
      INSERT INTO search_words (word, uses) SELECT unnest(came), 1
        ON CONFLICT (word) DO UPDATE SET uses = search_words.uses + 1;
      DELETE FROM search_words WHERE word = ANY(gone) AND uses <= 0;
    END $$;

    CREATE FUNCTION courses_search_words() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM count_search_words(
        CASE WHEN TG_OP <> 'INSERT' AND OLD.status = 1 THEN search_words_of(${courseText('OLD')}) ELSE '{}' END,
        CASE WHEN TG_OP <> 'DELETE' AND NEW.status = 1 THEN search_words_of(${courseText('NEW')}) ELSE '{}' END);
      RETURN NULL;
    END $$;

    CREATE FUNCTION page_index_search_words() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM count_search_words(
        CASE WHEN TG_OP <> 'INSERT' THEN search_words_of(OLD.title || ' ' || OLD.body) ELSE '{}' END,
        CASE WHEN TG_OP <> 'DELETE' THEN search_words_of(NEW.title || ' ' || NEW.body) ELSE '{}' END);
      RETURN NULL;
    END $$;

    CREATE TRIGGER courses_search_words AFTER INSERT OR UPDATE OR DELETE ON courses
      FOR EACH ROW EXECUTE FUNCTION courses_search_words();
    CREATE TRIGGER page_index_search_words AFTER INSERT OR UPDATE OR DELETE ON page_index
      FOR EACH ROW EXECUTE FUNCTION page_index_search_words();

    -- What is already there (the triggers see only what comes next).
    INSERT INTO search_words (word, uses)
    SELECT word, count(*) FROM (
      SELECT unnest(search_words_of(${courseText('c')})) AS word FROM courses c WHERE c.status = 1
      UNION ALL
      SELECT unnest(search_words_of(p.title || ' ' || p.body)) FROM page_index p
    ) words GROUP BY word;
  `,
};
