/**
 * Applications (issue 33): from an inquiry to an admission decision and the applicant's answer.
 *
 * - applicant_links / applicant_sessions: the applicant's own sign-in (a single-use link e-mailed
 *   to an address), kept apart from staff sessions: only SHA-256 of each token is stored.
 * - applications: one per person and program; `answers` holds the steps' fields as JSON, each
 *   field saved on its own (`answers || patch`), so two tabs never overwrite each other's fields.
 * - checklist_items: a program's required and optional documents, for local, international or
 *   all applicants; seeded from each program's admission requirements.
 * - application_documents: an uploaded file per checklist item, its data key sealed in `sealed_key`;
 *   application_document_chunks: its bytes, encrypted, in the database (never in the web root, and
 *   on every instance).
 * - application_notes: staff's internal notes; decision_letters: the editable letter per decision.
 * - users.all_applications: the grant that lets a counsellor see every application, not only those
 *   of their own leads.
 */
import type { Migration } from './migration';

export const applications: Migration = {
  id: '035_applications',
  sql: /* sql */ `
    CREATE TABLE applicant_links (
      token_hash  bytea PRIMARY KEY,
      email       text NOT NULL,
      course_id   char(24),
      created_at  timestamptz NOT NULL DEFAULT now(),
      expires_at  timestamptz NOT NULL,
      used_at     timestamptz
    );
    CREATE INDEX applicant_links_email_idx ON applicant_links (lower(email), created_at DESC);

    CREATE TABLE applicant_sessions (
      token_hash    bytea PRIMARY KEY,
      email         text NOT NULL,
      created_at    timestamptz NOT NULL DEFAULT now(),
      last_seen_at  timestamptz NOT NULL DEFAULT now(),
      expires_at    timestamptz NOT NULL,
      revoked_at    timestamptz
    );
    CREATE INDEX applicant_sessions_email_idx ON applicant_sessions (lower(email));

    CREATE TABLE applications (
      id            char(24) PRIMARY KEY,
      -- Null until the person's lead is known: found at sign-in, or made from the personal details.
      lead_id       char(24) REFERENCES leads(id),
      email         text NOT NULL,
      course_id     char(24) REFERENCES courses(id),
      intake_id     char(24) REFERENCES intakes(id) ON DELETE SET NULL,
      status        text NOT NULL DEFAULT 'started' CHECK (status IN (
                      'started', 'submitted', 'missing_items', 'under_review', 'decision_released')),
      answers       jsonb NOT NULL DEFAULT '{}'::jsonb,
      decision      text CHECK (decision IN ('admitted', 'conditionally_admitted', 'waitlisted', 'declined')),
      conditions    text,
      letter        text,
      decided_by    char(24) REFERENCES users(id),
      decided_at    timestamptz,
      answer        text CHECK (answer IN ('accepted', 'declined', 'deferral_requested')),
      answered_at   timestamptz,
      submitted_at  timestamptz,
      created_at    timestamptz NOT NULL DEFAULT now(),
      updated_at    timestamptz NOT NULL DEFAULT now(),
      version       integer NOT NULL DEFAULT 1,
      CHECK ((decision IS NULL) = (decided_at IS NULL)),
      CHECK (answer IS NULL OR decision IN ('admitted', 'conditionally_admitted'))
    );
    CREATE INDEX applications_lead_idx ON applications (lead_id);
    CREATE INDEX applications_email_idx ON applications (lower(email));
    CREATE INDEX applications_status_idx ON applications (status, updated_at DESC);

    CREATE TABLE checklist_items (
      id          char(24) PRIMARY KEY,
      course_id   char(24) NOT NULL REFERENCES courses(id),
      title       text NOT NULL CHECK (length(title) BETWEEN 1 AND 120),
      required    boolean NOT NULL DEFAULT true,
      applies_to  text NOT NULL DEFAULT 'all' CHECK (applies_to IN ('all', 'local', 'international')),
      position    integer NOT NULL DEFAULT 0,
      retired     boolean NOT NULL DEFAULT false
    );
    CREATE INDEX checklist_items_course_idx ON checklist_items (course_id, position);

    CREATE TABLE application_documents (
      id              char(24) PRIMARY KEY,
      application_id  char(24) NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
      item_id         char(24) NOT NULL REFERENCES checklist_items(id),
      file_name       text NOT NULL,
      content_type    text NOT NULL CHECK (content_type IN ('application/pdf', 'image/jpeg', 'image/png')),
      bytes           integer NOT NULL CHECK (bytes > 0),
      sha256          text NOT NULL,
      sealed_key      text NOT NULL,
      status          text NOT NULL DEFAULT 'uploaded' CHECK (status IN ('uploaded', 'accepted', 'returned', 'replaced')),
      return_reason   text,
      reviewed_by     char(24) REFERENCES users(id),
      reviewed_at     timestamptz,
      uploaded_at     timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX application_documents_app_idx ON application_documents (application_id, item_id, uploaded_at);

    -- A document's bytes, encrypted in 1 MiB chunks under its data key (server/applications/document-chunks.ts).
    CREATE TABLE application_document_chunks (
      document_id  char(24) NOT NULL REFERENCES application_documents(id) ON DELETE CASCADE,
      n            integer NOT NULL CHECK (n >= 0),
      sealed       bytea NOT NULL,
      PRIMARY KEY (document_id, n)
    );

    CREATE TABLE application_notes (
      id              bigserial PRIMARY KEY,
      application_id  char(24) NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
      author_id       char(24) REFERENCES users(id),
      text            text NOT NULL CHECK (length(text) BETWEEN 1 AND 4000),
      created_at      timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX application_notes_app_idx ON application_notes (application_id, created_at);

    CREATE TABLE decision_letters (
      decision    text PRIMARY KEY CHECK (decision IN ('admitted', 'conditionally_admitted', 'waitlisted', 'declined')),
      subject     text NOT NULL,
      body        text NOT NULL,
      updated_by  char(24) REFERENCES users(id),
      updated_at  timestamptz NOT NULL DEFAULT now()
    );

    ALTER TABLE users ADD COLUMN all_applications boolean NOT NULL DEFAULT false;
  `,
};
