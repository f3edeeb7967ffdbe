/**
 * Information sessions and open houses (issue 24). An event has seats (capacity); a registration
 * beyond them joins the waitlist, ordered by `queued_at`, and a cancellation promotes the first.
 * One live registration per e-mail and event (the partial unique index), so registering twice
 * answers the first. The cancel link's token is stored only as its SHA-256 (`token_hash`).
 * Reminders and attendance are stamped on the registration, in the same transaction that queues
 * their mail or writes their timeline entry, so a job that runs twice finds them done.
 */
import type { Migration } from './migration';

export const events: Migration = {
  id: '027_events',
  sql: /* sql */ `
    CREATE TABLE events (
      id                bigserial PRIMARY KEY,
      slug              text NOT NULL UNIQUE,
      title             text NOT NULL,
      kind              text NOT NULL CHECK (kind IN ('info_session', 'open_house', 'campus_tour', 'webinar')),
      starts_at         timestamptz NOT NULL,
      ends_at           timestamptz NOT NULL,
      place_kind        text NOT NULL CHECK (place_kind IN ('campus', 'online')),
      room              text,
      online_url        text,
      capacity          integer NOT NULL CHECK (capacity BETWEEN 1 AND 100000),
      description       text NOT NULL DEFAULT '',
      registration_open boolean NOT NULL DEFAULT true,
      cancelled_at      timestamptz,
      -- When the end-of-event pass recorded who did not attend (null until then).
      outcomes_at       timestamptz,
      version           integer NOT NULL DEFAULT 1,
      created_at        timestamptz NOT NULL DEFAULT now(),
      updated_at        timestamptz NOT NULL DEFAULT now(),
      updated_by        char(24) REFERENCES users(id),
      CHECK (ends_at > starts_at),
      CHECK ((place_kind = 'campus') = (room IS NOT NULL)),
      CHECK ((place_kind = 'online') = (online_url IS NOT NULL))
    );
    CREATE INDEX events_starts_idx ON events (starts_at);

    CREATE TABLE event_courses (
      event_id  bigint NOT NULL REFERENCES events(id) ON DELETE CASCADE,
      course_id char(24) NOT NULL REFERENCES courses(id),
      PRIMARY KEY (event_id, course_id)
    );
    CREATE INDEX event_courses_course_idx ON event_courses (course_id, event_id);

    CREATE TABLE event_registrations (
      id              bigserial PRIMARY KEY,
      event_id        bigint NOT NULL REFERENCES events(id),
      lead_id         char(24) REFERENCES leads(id),
      first_name      text NOT NULL,
      last_name       text NOT NULL,
      email           text NOT NULL,
      phone           text NOT NULL,
      course_id       char(24),
      status          text NOT NULL CHECK (status IN ('registered', 'waitlisted', 'cancelled')),
      walk_in         boolean NOT NULL DEFAULT false,
      token_hash      text NOT NULL UNIQUE,
      registered_at   timestamptz NOT NULL DEFAULT now(),
      -- The waitlist's order (the time it joined); kept after promotion.
      queued_at       timestamptz NOT NULL DEFAULT now(),
      promoted_at     timestamptz,
      cancelled_at    timestamptz,
      checked_in_at   timestamptz,
      checked_in_by   char(24) REFERENCES users(id),
      no_show_at      timestamptz,
      reminded_24h_at timestamptz,
      reminded_1h_at  timestamptz
    );
    CREATE UNIQUE INDEX event_registrations_live_email_idx ON event_registrations (event_id, lower(email)) WHERE status <> 'cancelled';
    CREATE INDEX event_registrations_event_idx ON event_registrations (event_id, status, queued_at, id);
    CREATE INDEX event_registrations_lead_idx ON event_registrations (lead_id);
  `,
};
