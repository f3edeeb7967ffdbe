/**
 * Assignment rules and speed to lead (issue 23).
 * - `leads.assign_pending`: a new lead waits for the assignment pass (server/assignment/), which
 *   runs after the request, never in it. The column is added false (leads stored before keep their
 *   owners as they are) and then defaults to true, so the lead insert itself does not change.
 * - `leads.contact_watch` / `contact_overdue_at`: a lead the pass handled is watched until it is
 *   contacted or its speed-to-lead time runs out; then it is flagged (and its one reminder sent).
 * - `assignment_rules`: round-robin pools, first enabled matching rule wins; `last_user_id` is the
 *   round robin's place, kept here so every instance continues where the other left off.
 * - `assignment_settings`: one row, the speed-to-lead hours admins choose.
 */
import type { Migration } from './migration';

export const assignment: Migration = {
  id: '023_assignment',
  sql: /* sql */ `
    ALTER TABLE leads ADD COLUMN assign_pending boolean NOT NULL DEFAULT false;
    ALTER TABLE leads ALTER COLUMN assign_pending SET DEFAULT true;
    ALTER TABLE leads ADD COLUMN contact_watch boolean NOT NULL DEFAULT false;
    ALTER TABLE leads ADD COLUMN contact_overdue_at timestamptz;
    CREATE INDEX leads_assign_pending_idx ON leads (created_at) WHERE assign_pending;
    CREATE INDEX leads_contact_watch_idx ON leads (created_at) WHERE contact_watch;
    CREATE INDEX leads_contact_overdue_idx ON leads (contact_overdue_at DESC) WHERE contact_overdue_at IS NOT NULL;

    CREATE TABLE assignment_rules (
      id           bigserial PRIMARY KEY,
      name         text NOT NULL,
      position     integer NOT NULL DEFAULT 0,
      enabled      boolean NOT NULL DEFAULT true,
      -- null: any course type / any location
      course_type  smallint CHECK (course_type IN (1, 2, 3)),
      location     smallint CHECK (location IN (1, 2)),
      -- open New Lead leads a member may hold; null: no cap
      cap          integer CHECK (cap IS NULL OR cap BETWEEN 1 AND 10000),
      member_ids   char(24)[] NOT NULL DEFAULT '{}',
      last_user_id char(24),
      version      integer NOT NULL DEFAULT 1,
      updated_at   timestamptz NOT NULL DEFAULT now(),
      updated_by   char(24) REFERENCES users(id)
    );

    CREATE TABLE assignment_settings (
      id                  boolean PRIMARY KEY DEFAULT true CHECK (id),
      speed_to_lead_hours numeric(5, 2) NOT NULL DEFAULT 4 CHECK (speed_to_lead_hours > 0 AND speed_to_lead_hours <= 200),
      version             integer NOT NULL DEFAULT 1
    );
    INSERT INTO assignment_settings DEFAULT VALUES;
  `,
};
