/** The seed's schema: catalogue, leads, staff accounts, sessions, throttles and the mail queue. */
import type { Migration } from './migration';

export const initial: Migration = {
  id: '001_initial',
  sql: /* sql */ `
      CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;

      CREATE TABLE categories (
        id          char(24) PRIMARY KEY,
        course_type smallint NOT NULL CHECK (course_type IN (1, 2, 3)),
        parent_id   char(24) REFERENCES categories(id),
        name        text NOT NULL,
        slug        text NOT NULL,
        description text NOT NULL DEFAULT '',
        position    integer NOT NULL DEFAULT 0
      );
      CREATE UNIQUE INDEX categories_slug_key
        ON categories (course_type, COALESCE(parent_id, ''), slug);

      CREATE TABLE courses (
        id              char(24) PRIMARY KEY,
        course_name     text NOT NULL,
        slug            text NOT NULL UNIQUE,
        course_type     smallint NOT NULL CHECK (course_type IN (1, 2, 3)),
        vocational      boolean NOT NULL DEFAULT false,
        category_id     char(24) REFERENCES categories(id),
        sub_category_id char(24) REFERENCES categories(id),
        duration        integer NOT NULL CHECK (duration > 0),
        duration_unit   smallint NOT NULL CHECK (duration_unit IN (1, 2, 3, 4, 5)),
        delivery_mode   smallint NOT NULL CHECK (delivery_mode IN (1, 2)),
        status          smallint NOT NULL DEFAULT 1 CHECK (status IN (1, 2)),
        certification   text,
        summary         text NOT NULL,
        description     text NOT NULL,
        outline         jsonb NOT NULL DEFAULT '[]'::jsonb,
        position        integer NOT NULL DEFAULT 0,
        search          tsvector GENERATED ALWAYS AS (
          setweight(to_tsvector('english', course_name), 'A') ||
          setweight(to_tsvector('english', coalesce(certification, '')), 'A') ||
          setweight(to_tsvector('english', summary), 'B') ||
          setweight(to_tsvector('english', description), 'C')
        ) STORED
      );
      CREATE INDEX courses_search_idx ON courses USING gin (search);
      CREATE INDEX courses_name_trgm_idx ON courses USING gin (course_name gin_trgm_ops);

      CREATE TABLE intakes (
        id            char(24) PRIMARY KEY,
        course_id     char(24) NOT NULL REFERENCES courses(id),
        start_date    date NOT NULL,
        end_date      date NOT NULL,
        schedule      text NOT NULL,
        delivery_mode smallint NOT NULL CHECK (delivery_mode IN (1, 2))
      );
      CREATE INDEX intakes_start_idx ON intakes (start_date);

      CREATE TABLE announcements (
        id           char(24) PRIMARY KEY,
        title        text NOT NULL,
        body         text NOT NULL,
        published_at timestamptz NOT NULL
      );

      CREATE TABLE banner_offers (
        id        char(24) PRIMARY KEY,
        title     text NOT NULL,
        subtitle  text NOT NULL,
        course_id char(24) NOT NULL REFERENCES courses(id),
        cta       text NOT NULL,
        position  integer NOT NULL DEFAULT 0
      );

      -- Information pages (their text lives in src/content), indexed for keyword search.
      CREATE TABLE page_index (
        path   text PRIMARY KEY,
        title  text NOT NULL,
        body   text NOT NULL,
        search tsvector GENERATED ALWAYS AS (
          setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', body), 'C')
        ) STORED
      );
      CREATE INDEX page_index_search_idx ON page_index USING gin (search);

      CREATE TABLE leads (
        id              char(24) PRIMARY KEY,
        idempotency_key text UNIQUE,
        first_name      text NOT NULL,
        last_name       text NOT NULL,
        email           text NOT NULL,
        phone           text NOT NULL,
        lead_type       smallint NOT NULL DEFAULT 1,
        address         text NOT NULL DEFAULT '',
        source          smallint NOT NULL CHECK (source IN (1, 3, 4)),
        course_id       char(24),
        course_type     smallint CHECK (course_type IN (1, 2, 3)),
        location        smallint NOT NULL CHECK (location IN (1, 2)),
        financial_aid   boolean NOT NULL DEFAULT false,
        stage           smallint NOT NULL DEFAULT 1 CHECK (stage BETWEEN 1 AND 8),
        status          smallint NOT NULL DEFAULT 1 CHECK (status IN (1, 2)),
        utm_source      text,
        utm_medium      text,
        utm_campaign    text,
        utm_term        text,
        utm_content     text,
        landing_page    text,
        referrer        text,
        created_at      timestamptz NOT NULL DEFAULT now(),
        updated_at      timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX leads_created_idx ON leads (created_at DESC);

      CREATE TABLE users (
        id                  char(24) PRIMARY KEY,
        name                text NOT NULL,
        email               text NOT NULL,
        password_hash       text NOT NULL,
        created_at          timestamptz NOT NULL DEFAULT now(),
        password_changed_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE UNIQUE INDEX users_email_key ON users (lower(email));

      -- Tokens are stored as SHA-256 hashes only; the raw value exists only in the client's hands.
      CREATE TABLE sessions (
        token_hash   bytea PRIMARY KEY,
        user_id      char(24) NOT NULL REFERENCES users(id),
        created_at   timestamptz NOT NULL DEFAULT now(),
        last_seen_at timestamptz NOT NULL DEFAULT now(),
        expires_at   timestamptz NOT NULL,
        revoked_at   timestamptz
      );
      CREATE INDEX sessions_user_idx ON sessions (user_id);

      CREATE TABLE password_resets (
        token_hash bytea PRIMARY KEY,
        user_id    char(24) NOT NULL REFERENCES users(id),
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        used_at    timestamptz
      );

      CREATE TABLE signin_attempts (
        id         bigserial PRIMARY KEY,
        email      text NOT NULL,
        ip         text NOT NULL,
        success    boolean NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX signin_attempts_email_idx ON signin_attempts (email, created_at);
      CREATE INDEX signin_attempts_ip_idx ON signin_attempts (ip, created_at);

      -- Outgoing mail, written in the same transaction as what caused it and sent by a worker
      -- that retries, so an SMTP outage delays a message but never loses it.
      CREATE TABLE mail_queue (
        id              bigserial PRIMARY KEY,
        to_address      text NOT NULL,
        subject         text NOT NULL,
        text_body       text NOT NULL,
        html_body       text NOT NULL,
        attempts        integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        last_error      text,
        sent_at         timestamptz,
        created_at      timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX mail_queue_due_idx ON mail_queue (next_attempt_at) WHERE sent_at IS NULL;
    `,
};
