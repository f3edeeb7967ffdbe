/**
 * Admissions follow-up work (issue 11): staff roles and status, lead owners and versions,
 * activities, the lead history, and indexes for every list they serve.
 * Existing accounts (the first admin, add-staff) become admins: the column's default stays
 * 'admin' so those operator paths keep creating admins; invitations name their role.
 */
import type { Migration } from './migration';

export const crmWork: Migration = {
  id: '006_crm_work',
  sql: /* sql */ `
    ALTER TABLE users ADD COLUMN role text NOT NULL DEFAULT 'admin' CHECK (role IN ('admin', 'counsellor'));
    ALTER TABLE users ADD COLUMN status smallint NOT NULL DEFAULT 1 CHECK (status IN (1, 2));
    ALTER TABLE users ADD COLUMN version integer NOT NULL DEFAULT 1;

    -- Optimistic concurrency: a write names the version it read; another write in between is a 409.
    ALTER TABLE leads ADD COLUMN owner_id char(24) REFERENCES users(id);
    ALTER TABLE leads ADD COLUMN version integer NOT NULL DEFAULT 1;
    CREATE INDEX leads_owner_created_idx ON leads (owner_id, created_at DESC);
    CREATE INDEX leads_unassigned_created_idx ON leads (created_at DESC) WHERE owner_id IS NULL;
    CREATE INDEX leads_stage_created_idx ON leads (stage, created_at DESC);

    CREATE TABLE activities (
      id         char(24) PRIMARY KEY,
      lead_id    char(24) NOT NULL REFERENCES leads(id),
      type       smallint NOT NULL CHECK (type IN (1, 2, 3, 4)),
      subject    text NOT NULL,
      notes      text NOT NULL DEFAULT '',
      due_at     timestamptz NOT NULL,
      owner_id   char(24) NOT NULL REFERENCES users(id),
      done_at    timestamptz,
      done_by    char(24) REFERENCES users(id),
      created_by char(24) NOT NULL REFERENCES users(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      version    integer NOT NULL DEFAULT 1
    );
    CREATE INDEX activities_owner_due_idx ON activities (owner_id, due_at);
    CREATE INDEX activities_due_idx ON activities (due_at);
    CREATE INDEX activities_open_due_idx ON activities (due_at) WHERE done_at IS NULL;
    CREATE INDEX activities_lead_idx ON activities (lead_id, created_at);

    -- The lead's history: notes, stage and owner changes, activities logged and done.
    CREATE TABLE lead_events (
      id         bigserial PRIMARY KEY,
      lead_id    char(24) NOT NULL REFERENCES leads(id),
      kind       text NOT NULL CHECK (kind IN ('note', 'stage', 'owner', 'activity', 'activity_done')),
      actor_id   char(24) REFERENCES users(id),
      detail     jsonb NOT NULL DEFAULT '{}'::jsonb,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX lead_events_lead_idx ON lead_events (lead_id, created_at, id);

    -- Invitations are set-password links like resets, with their own lifetime.
    ALTER TABLE password_resets ADD COLUMN purpose text NOT NULL DEFAULT 'reset' CHECK (purpose IN ('reset', 'invite'));
  `,
};
