/**
 * Every function of the product's schema finds what it calls whatever the caller's search path
 * (issue 32): a plain `pg_dump` restored with `pg_restore` could not rebuild page_index, because
 * pg_dump clears the search path and search_expand() (behind the generated `search` column) then
 * could not find search_normalise() and search_joined_pairs(); triggers that name tables unqualified
 * would fail the same way.
 *
 * - search_normalise and search_expand, one SQL expression each, get SQL-standard bodies (`RETURN`):
 *   their names are bound when they are created, and they stay inlined into the expressions that
 *   call them. Pinned with `SET search_path` instead, a SQL function is no longer inlined and pays
 *   a setting change per call: 20,000 search_expand calls took 1.6-2.0 s pinned against 0.8 s so.
 * - Every other function gets `SET search_path` = the schema the migrations run in (`public` in
 *   production, a test's own schema on a shared PostgreSQL) and `public`, where pg_trgm lives;
 *   done in a DO block because that schema is known only when it runs. pg_trgm's own functions are
 *   the extension's (members of it in pg_depend) and are left alone.
 *
 * A function added by a later migration must do the same: a `RETURN` body, or `SET search_path`
 * (test/api/pg-dump-restore.test.ts checks every function of the schema).
 */
import type { Migration } from './migration';

export const pinFunctionSearchPath: Migration = {
  id: '033_pin_function_search_path',
  sql: /* sql */ `
    CREATE OR REPLACE FUNCTION search_normalise(body text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
      RETURN btrim(regexp_replace(regexp_replace(regexp_replace(lower(body),
        '([[:alnum:]])\\+', '\\1 plus ', 'g'), '([[:alpha:]])#', '\\1 sharp ', 'g'), '[^[:alnum:]]+', ' ', 'g'));

    CREATE OR REPLACE FUNCTION search_expand(body text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
      RETURN search_normalise(body) || ' ' || search_joined_pairs(body);

    DO $$
    DECLARE
      pinned text := CASE WHEN current_schema() = 'public' THEN 'public' ELSE quote_ident(current_schema()) || ', public' END;
      fn regprocedure;
    BEGIN
      FOR fn IN
        SELECT p.oid::regprocedure
          FROM pg_proc p
         WHERE p.pronamespace = (SELECT oid FROM pg_namespace WHERE nspname = current_schema())
           AND p.prokind = 'f'
           AND p.prosqlbody IS NULL
           AND NOT EXISTS (SELECT 1 FROM pg_depend d
                            WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')
      LOOP
        EXECUTE format('ALTER FUNCTION %s SET search_path = %s', fn, pinned);
      END LOOP;
    END $$;
  `,
};
