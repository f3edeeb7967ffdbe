/**
 * E-mail from the CRM (issue 22): the templates staff start from, and every message sent to a lead,
 * by a person or by a sequence step. A sent message keeps its text as sent (the timeline shows it),
 * the consent that allowed it, and the reply token and Message-ID that let a reply read over IMAP
 * find its lead again (server/mail/reply-address.ts).
 */
import type { Migration } from './migration';

export const leadEmails: Migration = {
  id: '018_lead_emails',
  sql: /* sql */ `
    CREATE TABLE email_templates (
      id          bigserial PRIMARY KEY,
      name        text NOT NULL,
      -- commercial: needs consent, carries the sender identification and unsubscribe (CASL);
      -- transactional: an answer or a practical message about the student's own inquiry.
      kind        text NOT NULL CHECK (kind IN ('commercial', 'transactional')),
      subject     text NOT NULL,
      body        text NOT NULL,
      retired_at  timestamptz,
      created_at  timestamptz NOT NULL DEFAULT now(),
      updated_at  timestamptz NOT NULL DEFAULT now(),
      updated_by  char(24) REFERENCES users(id)
    );
    CREATE UNIQUE INDEX email_templates_live_name_idx ON email_templates (lower(name)) WHERE retired_at IS NULL;

    CREATE TABLE lead_emails (
      id           bigserial PRIMARY KEY,
      lead_id      char(24) NOT NULL REFERENCES leads(id),
      -- Who sent it; null when a sequence step did.
      sent_by      char(24) REFERENCES users(id),
      template_id  bigint REFERENCES email_templates(id),
      -- commercial | transactional | direct_answer (a reply to the student's own question, marked by staff)
      purpose      text NOT NULL CHECK (purpose IN ('commercial', 'transactional', 'direct_answer')),
      -- The consent that applied when it was sent, as the CRM showed it ("Express consent since ...").
      consent      text NOT NULL DEFAULT '',
      to_address   text NOT NULL,
      subject      text NOT NULL,
      body_text    text NOT NULL,
      reply_token  text NOT NULL UNIQUE,
      -- Without angle brackets; a reply's In-Reply-To or References names it.
      message_id   text NOT NULL UNIQUE,
      -- The queued mail (no foreign key: the queue may be pruned, the record of what was sent stays).
      mail_id      bigint,
      -- What sent it: {"kind":"staff"} or {"kind":"sequence","sequenceId":..,"stepId":..}
      origin       jsonb NOT NULL DEFAULT '{"kind":"staff"}'::jsonb,
      created_at   timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX lead_emails_lead_idx ON lead_emails (lead_id, created_at);
  `,
};
