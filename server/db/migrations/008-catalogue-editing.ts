/**
 * The catalogue, edited by staff (issue 12): decision content on courses (fees, admission,
 * outcomes, KPI figures as jsonb, null when a course has none), versions for optimistic concurrency
 * on every editable row, intake seats, professors with an optional photo (kept in the database so
 * every instance serves it), a redirect table (the seed's five redirects and every renamed slug),
 * the change log (who, when, which fields), and the editor permission on staff accounts.
 */
import type { Migration } from './migration';

export const catalogueEditing: Migration = {
  id: '008_catalogue_editing',
  sql: /* sql */ `
    ALTER TABLE courses ADD COLUMN fees jsonb;
    ALTER TABLE courses ADD COLUMN admission jsonb;
    ALTER TABLE courses ADD COLUMN outcomes jsonb;
    ALTER TABLE courses ADD COLUMN kpi jsonb;
    ALTER TABLE courses ADD COLUMN version integer NOT NULL DEFAULT 1;
    ALTER TABLE courses ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
    ALTER TABLE courses ADD COLUMN updated_by char(24) REFERENCES users(id);

    ALTER TABLE categories ADD COLUMN version integer NOT NULL DEFAULT 1;
    ALTER TABLE intakes ADD COLUMN seats integer CHECK (seats IS NULL OR seats > 0);
    ALTER TABLE intakes ADD COLUMN version integer NOT NULL DEFAULT 1;
    CREATE INDEX intakes_course_idx ON intakes (course_id, start_date);
    ALTER TABLE announcements ADD COLUMN version integer NOT NULL DEFAULT 1;
    ALTER TABLE banner_offers ADD COLUMN version integer NOT NULL DEFAULT 1;

    CREATE TABLE professors (
      id           char(24) PRIMARY KEY,
      name         text NOT NULL,
      title        text NOT NULL,
      credentials  jsonb NOT NULL DEFAULT '[]'::jsonb,
      bio          text NOT NULL DEFAULT '',
      position     integer NOT NULL DEFAULT 0,
      sample       boolean NOT NULL DEFAULT false,
      version      integer NOT NULL DEFAULT 1
    );
    CREATE TABLE professor_courses (
      professor_id char(24) NOT NULL REFERENCES professors(id) ON DELETE CASCADE,
      course_id    char(24) NOT NULL REFERENCES courses(id),
      PRIMARY KEY (professor_id, course_id)
    );
    -- One photo per professor, re-encoded by the server; served by an unguessable id, never by a name.
    CREATE TABLE professor_photos (
      id           char(24) PRIMARY KEY,
      professor_id char(24) NOT NULL UNIQUE REFERENCES professors(id) ON DELETE CASCADE,
      content_type text NOT NULL CHECK (content_type IN ('image/webp', 'image/jpeg', 'image/png')),
      width        integer NOT NULL CHECK (width > 0),
      height       integer NOT NULL CHECK (height > 0),
      bytes        bytea NOT NULL,
      created_at   timestamptz NOT NULL DEFAULT now()
    );

    -- Permanent redirects of site paths: the seed's five, and the old address of every renamed slug.
    CREATE TABLE url_redirects (
      from_path  text PRIMARY KEY,
      to_path    text NOT NULL CHECK (to_path <> from_path),
      created_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE catalogue_changes (
      id         char(24) PRIMARY KEY,
      kind       text NOT NULL CHECK (kind IN ('course', 'category', 'intake', 'announcement', 'banner_offer', 'professor')),
      item_id    char(24) NOT NULL,
      action     text NOT NULL CHECK (action IN ('create', 'update', 'delete')),
      at         timestamptz NOT NULL DEFAULT now(),
      by_user    char(24) REFERENCES users(id),
      fields     jsonb NOT NULL
    );
    CREATE INDEX catalogue_changes_item_idx ON catalogue_changes (kind, item_id, at DESC);

    ALTER TABLE users ADD COLUMN catalogue_editor boolean NOT NULL DEFAULT false;
  `,
};
