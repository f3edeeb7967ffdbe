/**
 * Search that finds what students type (issue 19). The indexed text of courses and information
 * pages is normalised the way queries are (server/search/query-text.ts mirrors it): lower case,
 * "X+" read as "X plus" (the parser drops '+', so "Security+" was just "security"), every other
 * symbol a space ("AZ-900" → "az 900"); and every two adjacent words of a phrase are indexed once
 * more joined ("cyber security" also as "cybersecurity", "az 900" as "az900"), so a compound and
 * its split form find each other whichever one the text or the student used.
 *
 * A course's document also holds its outline, the job titles it leads to and the names of its
 * categories (kept current by triggers: a renamed category re-indexes its courses). Weights: name A;
 * certification, job titles, summary, categories B; outline, course type and delivery mode ("part-time",
 * "online") C; description D.
 *
 * The typo vocabulary (search_words, migration 007) gains the joined pairs of a course's short
 * fields (so "cybersecurty" corrects to "cybersecurity"), counted once per statement from what each
 * course added (course_search_vocabulary), so a category renamed since cannot skew the counts.
 *
 * search_synonyms: what students type → what the catalogue calls it, edited in the CRM.
 */
import type { Migration } from './migration';

/** [term, means] pairs seeded with the catalogue; editors change them in the CRM. */
export const SEED_SYNONYMS: readonly (readonly [string, string])[] = [
  ['penetration testing', 'pentest'],
  ['hacking', 'ethical hacking, pentest'],
  ['hacker', 'ethical hacking, pentest'],
  ['office 365', 'microsoft 365'],
  ['o365', 'microsoft 365'],
  ['m365', 'microsoft 365'],
  ['redhat', 'red hat'],
  ['rhel', 'red hat enterprise linux'],
  ['center', 'centre'],
  ['cyber', 'cyber security'],
  ['infosec', 'cyber security'],
  ['information security', 'cyber security'],
  ['soc', 'security operations centre'],
  ['sysadmin', 'systems administrator'],
  ['admin', 'administrator'],
  ['tech support', 'technical support, it support'],
  ['computer repair', 'a+, hardware'],
  ['programmer', 'developer'],
  ['programming', 'developer, scripting'],
  ['coding', 'developer, scripting'],
  ['web design', 'web developer'],
  ['software engineer', 'software developer'],
  ['aws', 'amazon web services'],
  ['amazon', 'aws'],
  ['k8s', 'kubernetes'],
  ['qa', 'quality assurance'],
  ['software testing', 'quality assurance'],
  ['project manager', 'pmp'],
  ['network admin', 'network administrator'],
  ['linux admin', 'linux administrator'],
  ['windows server', 'systems administrator'],
  ['beginner', 'fundamentals, foundation, essentials'],
  ['entry level', 'fundamentals, foundation, essentials'],
];

/** Little words never joined to a neighbour ("and linux" is no compound); mirrored in query-text.ts. */
export const PAIRLESS_WORDS = [
  'a',
  'an',
  'and',
  'are',
  'as',
  'at',
  'be',
  'by',
  'for',
  'from',
  'in',
  'is',
  'it',
  'its',
  'of',
  'on',
  'or',
  'our',
  'so',
  'that',
  'the',
  'then',
  'this',
  'to',
  'we',
  'with',
  'you',
  'your',
];
const PAIRLESS = `'{${PAIRLESS_WORDS.join(',')}}'::text[]`;
const GIN = 'WITH (fastupdate = off)';
const literal = (value: string) => `'${value.replaceAll("'", "''")}'`;

export const searchMatching: Migration = {
  id: '012_search_matching',
  sql: /* sql */ `
    CREATE FUNCTION search_normalise(body text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
      SELECT btrim(regexp_replace(regexp_replace(regexp_replace(lower(body),
        '([[:alnum:]])\\+', '\\1 plus ', 'g'), '([[:alpha:]])#', '\\1 sharp ', 'g'), '[^[:alnum:]]+', ' ', 'g'))
    $$;

    -- Adjacent words joined, within a phrase (never across a comma or a sentence's end). PL/pgSQL,
    -- as are the helpers below that are more than one expression: a SQL function that cannot be
    -- inlined is planned again at every call (18 ms each here, a minute per 500 courses inserted).
    CREATE FUNCTION search_joined_pairs(body text) RETURNS text LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
    DECLARE
      phrase text;
      w text[];
      joined text[] := '{}';
    BEGIN
      FOREACH phrase IN ARRAY regexp_split_to_array(body, '[,;:!?()"“”]|\\.(\\s|$)|\\s[-–—]\\s') LOOP
        w := string_to_array(search_normalise(phrase), ' ');
        FOR i IN 1 .. coalesce(array_length(w, 1), 0) - 1 LOOP
          IF w[i + 1] IN ('plus', 'sharp') OR NOT (w[i] = ANY(${PAIRLESS}) OR w[i + 1] = ANY(${PAIRLESS})) THEN
            joined := joined || (w[i] || w[i + 1]);
          END IF;
        END LOOP;
      END LOOP;
      RETURN array_to_string(joined, ' ');
    END $$;

    CREATE FUNCTION search_expand(body text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
      SELECT search_normalise(body) || ' ' || search_joined_pairs(body)
    $$;

    CREATE FUNCTION search_json_texts(list jsonb) RETURNS text LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
    BEGIN
      IF jsonb_typeof(list) IS DISTINCT FROM 'array' THEN RETURN ''; END IF;
      RETURN (SELECT coalesce(string_agg(x, '. '), '') FROM jsonb_array_elements_text(list) AS x);
    END $$;

    CREATE FUNCTION course_category_names(category char(24), sub char(24)) RETURNS text LANGUAGE plpgsql STABLE AS $$
    BEGIN
      RETURN (SELECT coalesce(string_agg(name, '. '), '') FROM categories WHERE id = category OR id = sub);
    END $$;

    -- The words the typo lookup may correct to: every word, and the joined pairs of the short fields.
    CREATE FUNCTION search_vocabulary(body text, paired text) RETURNS text[] LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
    BEGIN
      RETURN (SELECT coalesce(array_agg(DISTINCT w), '{}')
                FROM regexp_split_to_table(search_normalise(body) || ' ' || search_joined_pairs(paired), ' ') AS w
               WHERE length(w) >= 3);
    END $$;

    ALTER TABLE courses DROP COLUMN search;
    ALTER TABLE courses ADD COLUMN search tsvector;

    CREATE FUNCTION courses_search_document() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      NEW.search :=
        setweight(to_tsvector('english', search_expand(NEW.course_name)), 'A') ||
        setweight(to_tsvector('english', search_expand(coalesce(NEW.certification, '') || '. ' || search_json_texts(NEW.outcomes -> 'job_titles')
          || '. ' || NEW.summary || '. ' || course_category_names(NEW.category_id, NEW.sub_category_id))), 'B') ||
        setweight(to_tsvector('english', search_expand(search_json_texts(NEW.outline) || '. ' ||
          CASE NEW.course_type WHEN 1 THEN 'Full-time program' WHEN 2 THEN 'Part-time course' ELSE '' END || '. ' ||
          CASE NEW.delivery_mode WHEN 1 THEN 'On campus' WHEN 2 THEN 'Online' ELSE '' END)), 'C') ||
        -- The long text without joined pairs: every row is read by a search that matches them all.
        setweight(to_tsvector('english', search_normalise(NEW.description)), 'D');
      RETURN NEW;
    END $$;
    CREATE TRIGGER courses_search_document BEFORE INSERT OR UPDATE ON courses
      FOR EACH ROW EXECUTE FUNCTION courses_search_document();

    -- Counted once per statement from its transition tables, each word's change summed: a bulk
    -- insert of 10,000 courses updated the same popular words' rows 10,000 times each (every update
    -- walking the row's growing chain of versions), minutes instead of seconds.
    CREATE FUNCTION count_search_word_changes(gone text[], came text[]) RETURNS void LANGUAGE plpgsql AS $$
    BEGIN
      WITH delta AS (
        SELECT word, sum(n)::integer AS n
          FROM (SELECT unnest(came) AS word, 1 AS n UNION ALL SELECT unnest(gone), -1) AS d
         GROUP BY word HAVING sum(n) <> 0
      ), added AS (
        INSERT INTO search_words (word, uses) SELECT word, n FROM delta WHERE n > 0
        ON CONFLICT (word) DO UPDATE SET uses = search_words.uses + EXCLUDED.uses
      )
      UPDATE search_words s SET uses = s.uses + delta.n FROM delta WHERE delta.n < 0 AND s.word = delta.word;
      DELETE FROM search_words WHERE uses <= 0 AND word = ANY(gone);
    END $$;

    -- What each active course added to the vocabulary, beside the table (not in it: a search that
    -- matches every course reads every row, so rows stay small), so exactly that is taken back.
    CREATE TABLE course_search_vocabulary (
      course_id char(24) PRIMARY KEY,
      words     text[] NOT NULL
    );
    CREATE FUNCTION course_vocabulary_words(c courses) RETURNS text[] LANGUAGE plpgsql STABLE AS $$
    DECLARE
      short text := c.course_name || '. ' || coalesce(c.certification, '') || '. ' || search_json_texts(c.outcomes -> 'job_titles') || '. '
        || c.summary || '. ' || search_json_texts(c.outline) || '. ' || course_category_names(c.category_id, c.sub_category_id);
    BEGIN
      RETURN search_vocabulary(short || '. ' || c.description, short);
    END $$;

    DROP TRIGGER courses_search_words ON courses;
    DROP FUNCTION courses_search_words();
    CREATE FUNCTION courses_search_words_counted() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      gone text[] := '{}';
      came text[] := '{}';
    BEGIN
      IF TG_OP <> 'INSERT' THEN
        WITH removed AS (DELETE FROM course_search_vocabulary v USING old_rows r WHERE v.course_id = r.id RETURNING v.words)
        SELECT coalesce(array_agg(w), '{}') INTO gone FROM removed CROSS JOIN LATERAL unnest(removed.words) AS w;
      END IF;
      IF TG_OP <> 'DELETE' THEN
        WITH added AS (
          INSERT INTO course_search_vocabulary (course_id, words)
          SELECT r.id, course_vocabulary_words(r) FROM new_rows r WHERE r.status = 1 RETURNING words
        )
        SELECT coalesce(array_agg(w), '{}') INTO came FROM added CROSS JOIN LATERAL unnest(added.words) AS w;
      END IF;
      PERFORM count_search_word_changes(gone, came);
      RETURN NULL;
    END $$;
    CREATE TRIGGER courses_search_words_inserted AFTER INSERT ON courses
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION courses_search_words_counted();
    CREATE TRIGGER courses_search_words_updated AFTER UPDATE ON courses
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION courses_search_words_counted();
    CREATE TRIGGER courses_search_words_deleted AFTER DELETE ON courses
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION courses_search_words_counted();

    CREATE OR REPLACE FUNCTION page_index_search_words() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM count_search_words(
        CASE WHEN TG_OP <> 'INSERT' THEN search_vocabulary(OLD.title || '. ' || OLD.body, OLD.title) ELSE '{}' END,
        CASE WHEN TG_OP <> 'DELETE' THEN search_vocabulary(NEW.title || '. ' || NEW.body, NEW.title) ELSE '{}' END);
      RETURN NULL;
    END $$;

    -- A renamed category re-indexes its courses (their BEFORE trigger rebuilds the document).
    CREATE FUNCTION categories_search_document() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE courses SET search = NULL WHERE category_id = NEW.id OR sub_category_id = NEW.id;
      RETURN NULL;
    END $$;
    CREATE TRIGGER categories_search_document AFTER UPDATE OF name ON categories
      FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION categories_search_document();

    UPDATE courses SET search = NULL;
    CREATE INDEX courses_search_idx ON courses USING gin (search) ${GIN};

    ALTER TABLE page_index DROP COLUMN search;
    ALTER TABLE page_index ADD COLUMN search tsvector GENERATED ALWAYS AS (
      setweight(to_tsvector('english', search_expand(title)), 'A') || setweight(to_tsvector('english', search_expand(body)), 'C')
    ) STORED;
    CREATE INDEX page_index_search_idx ON page_index USING gin (search) ${GIN};

    -- The vocabulary, counted afresh with the new words.
    DELETE FROM search_words;
    INSERT INTO search_words (word, uses)
    SELECT word, count(*) FROM (
      SELECT unnest(v.words) AS word FROM course_search_vocabulary v
      UNION ALL
      SELECT unnest(search_vocabulary(p.title || '. ' || p.body, p.title)) FROM page_index p
    ) words GROUP BY word;

    CREATE TABLE search_synonyms (
      id      char(24) PRIMARY KEY,
      term    text NOT NULL,
      means   text NOT NULL,
      version integer NOT NULL DEFAULT 1
    );
    CREATE UNIQUE INDEX search_synonyms_term_idx ON search_synonyms (lower(term));
    INSERT INTO search_synonyms (id, term, means)
    SELECT substr(md5('search_synonym:' || term), 1, 24), term, means FROM (VALUES
      ${SEED_SYNONYMS.map(([term, means]) => `(${literal(term)}, ${literal(means)})`).join(',\n      ')}
    ) AS seed(term, means);

    ALTER TABLE catalogue_changes DROP CONSTRAINT catalogue_changes_kind_check;
    ALTER TABLE catalogue_changes ADD CONSTRAINT catalogue_changes_kind_check
      CHECK (kind IN ('course', 'category', 'intake', 'announcement', 'banner_offer', 'professor', 'search_synonym'));
  `,
};
