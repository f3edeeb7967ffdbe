/**
 * Sequences (issue 23): follow-up that runs itself. A sequence is an ordered list of steps (an
 * e-mail template, a task for the lead's owner, a wait of N business days), with the rules that
 * enrol new leads and the stages that end it. An enrolment points at the step it runs next and
 * when; each step it takes or skips is one row of sequence_step_runs, whose key (enrolment, step)
 * makes a step happen once even when its job runs twice (server/sequences/).
 * A new lead is matched against the rules by a background pass, not by the request that stores
 * it: leads stored from now on carry `sequence_pending` (a partial index finds them); the column is
 * added with default false for the existing rows, then its default becomes true for new ones.
 */
import type { Migration } from './migration';

export const sequences: Migration = {
  id: '026_sequences',
  sql: /* sql */ `
    CREATE TABLE sequences (
      id           bigserial PRIMARY KEY,
      name         text NOT NULL,
      paused       boolean NOT NULL DEFAULT false,
      -- Stages (1-8) that end an enrolment when the lead reaches one.
      exit_stages  smallint[] NOT NULL DEFAULT '{}',
      -- Which new leads it takes: any rule matches; a rule's absent field matches anything.
      -- [{"course_type":1,"course_id":"...","location":2,"source":3}]
      enrol_rules  jsonb NOT NULL DEFAULT '[]'::jsonb,
      version      integer NOT NULL DEFAULT 1,
      created_at   timestamptz NOT NULL DEFAULT now(),
      updated_at   timestamptz NOT NULL DEFAULT now(),
      updated_by   char(24) REFERENCES users(id)
    );
    CREATE UNIQUE INDEX sequences_name_idx ON sequences (lower(name));

    CREATE TABLE sequence_steps (
      id           bigserial PRIMARY KEY,
      sequence_id  bigint NOT NULL REFERENCES sequences(id),
      position     integer NOT NULL,
      kind         text NOT NULL CHECK (kind IN ('email', 'task', 'wait')),
      template_id  bigint REFERENCES email_templates(id),
      task_type    smallint CHECK (task_type BETWEEN 1 AND 4),
      task_subject text,
      wait_days    smallint CHECK (wait_days BETWEEN 1 AND 90),
      -- A step taken out of a live sequence is kept (its runs name it) but never runs again.
      removed_at   timestamptz,
      CHECK ((kind = 'email') = (template_id IS NOT NULL)),
      CHECK ((kind = 'task') = (task_type IS NOT NULL AND task_subject IS NOT NULL)),
      CHECK ((kind = 'wait') = (wait_days IS NOT NULL))
    );
    CREATE INDEX sequence_steps_live_idx ON sequence_steps (sequence_id, position) WHERE removed_at IS NULL;

    CREATE TABLE sequence_enrolments (
      id           bigserial PRIMARY KEY,
      sequence_id  bigint NOT NULL REFERENCES sequences(id),
      lead_id      char(24) NOT NULL REFERENCES leads(id),
      state        text NOT NULL DEFAULT 'active' CHECK (state IN ('active', 'left', 'completed')),
      next_step_id bigint REFERENCES sequence_steps(id),
      next_due_at  timestamptz,
      enrolled_at  timestamptz NOT NULL,
      enrolled_by  char(24) REFERENCES users(id),
      ended_at     timestamptz,
      -- replied | stage | consent | removed | merged (left); null when completed.
      left_reason  text,
      left_by      char(24) REFERENCES users(id)
    );
    CREATE UNIQUE INDEX sequence_enrolments_active_idx ON sequence_enrolments (sequence_id, lead_id) WHERE state = 'active';
    CREATE INDEX sequence_enrolments_due_idx ON sequence_enrolments (next_due_at) WHERE state = 'active';
    CREATE INDEX sequence_enrolments_lead_idx ON sequence_enrolments (lead_id);

    CREATE TABLE sequence_step_runs (
      enrolment_id bigint NOT NULL REFERENCES sequence_enrolments(id),
      step_id      bigint NOT NULL REFERENCES sequence_steps(id),
      outcome      text NOT NULL CHECK (outcome IN ('taken', 'skipped')),
      reason       text NOT NULL DEFAULT '',
      ran_at       timestamptz NOT NULL,
      PRIMARY KEY (enrolment_id, step_id)
    );

    ALTER TABLE leads ADD COLUMN sequence_pending boolean NOT NULL DEFAULT false;
    ALTER TABLE leads ALTER COLUMN sequence_pending SET DEFAULT true;
    CREATE INDEX leads_sequence_pending_idx ON leads (created_at) WHERE sequence_pending;
  `,
};
