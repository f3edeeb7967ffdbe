/**
 * Replies read over IMAP (issue 22, server/replies/): each message the poller took from the
 * mailbox, stored as text (never HTML) with its attachments listed, attached to a lead or waiting
 * in the Unmatched list; the mailbox's read position; and when a lead last replied (sequences stop
 * on it). A message is stored once: by its place in the mailbox (UIDVALIDITY, UID) and by a hash
 * of its bytes, so two pollers, a retried poll or a mailbox whose UIDs were renumbered add nothing twice.
 */
import type { Migration } from './migration';

export const replies: Migration = {
  id: '021_replies',
  sql: /* sql */ `
    CREATE TABLE inbound_replies (
      id              bigserial PRIMARY KEY,
      -- user@host/mailbox of IMAP_URL (never its password)
      mailbox         text NOT NULL,
      uid_validity    bigint NOT NULL,
      uid             bigint NOT NULL,
      source_sha256   text NOT NULL,
      -- Without angle brackets; null when the message had none.
      message_id      text,
      from_address    text NOT NULL DEFAULT '',
      from_name       text NOT NULL DEFAULT '',
      subject         text NOT NULL DEFAULT '',
      -- The Date header, when it could be read.
      sent_at         timestamptz,
      received_at     timestamptz NOT NULL DEFAULT now(),
      -- Plain text only (an HTML body is converted, scripts dropped), cut at a limit.
      body_text       text NOT NULL DEFAULT '',
      text_truncated  boolean NOT NULL DEFAULT false,
      -- [{"name":..,"type":..,"size":..}]: listed, never stored.
      attachments     jsonb NOT NULL DEFAULT '[]'::jsonb,
      lead_id         char(24) REFERENCES leads(id),
      lead_email_id   bigint REFERENCES lead_emails(id),
      -- token: the reply address; thread: In-Reply-To/References; staff: attached by hand.
      matched_by      text CHECK (matched_by IN ('token', 'thread', 'staff')),
      attached_by     char(24) REFERENCES users(id),
      attached_at     timestamptz,
      dismissed_at    timestamptz,
      dismissed_by    char(24) REFERENCES users(id),
      UNIQUE (mailbox, uid_validity, uid),
      UNIQUE (source_sha256)
    );
    CREATE INDEX inbound_replies_unmatched_idx ON inbound_replies (received_at) WHERE lead_id IS NULL AND dismissed_at IS NULL;
    CREATE INDEX inbound_replies_lead_idx ON inbound_replies (lead_id) WHERE lead_id IS NOT NULL;

    CREATE TABLE imap_cursors (
      mailbox       text PRIMARY KEY,
      uid_validity  bigint NOT NULL,
      -- Every message up to this UID is stored.
      last_uid      bigint NOT NULL DEFAULT 0,
      polled_at     timestamptz,
      -- The last poll's failure (no password), null after a good poll.
      last_error    text
    );

    ALTER TABLE leads ADD COLUMN last_reply_at timestamptz;
  `,
};
