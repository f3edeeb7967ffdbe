/**
 * Consent only from the person, no live link at rest, registrations that cannot be aimed (issue 35).
 *
 * - consent_records keeps what the CRTC asks a sender to be able to show: the form's version (a
 *   hash of the wording shown), and for consent staff record on someone's behalf, who recorded it,
 *   how it was obtained and when.
 * - event_registrations.email_key: the mailbox (lower-cased, "+tag" dropped, SHA-256 as hex), so
 *   victim+0@ and victim+1@ are one person for an event. Older rows that would now collide keep a
 *   key of their own (the row's id appended): no registration is lost by the upgrade.
 * - event_registrations.confirm_by: a seat held by an address that has not yet proved it is its
 *   owner's; released by the hold-release job when it passes (server/events/seat-holds.ts).
 * - confirmed_addresses: mailboxes that completed a link the college sent (SHA-256 only).
 * - registration_mail_caps: the last registration mail to an unconfirmed mailbox (one per day).
 * - Delivered mails and sent-mail records written before this version kept their links in clear:
 *   the token in each link is replaced by "removed"; the text around it stays.
 */
import type { Migration } from './migration';

const MAILBOX_KEY = /* sql */ `encode(sha256(convert_to(regexp_replace(lower(btrim(email)), '^([^@+]+)\\+[^@]*(@[^@]*)$', '\\1\\2'), 'UTF8')), 'hex')`;
const TOKEN_IN_LINK = `'((?:unsubscribe|email-preferences|events/registration)[^\\s"<>]*[?&]token=)[A-Za-z0-9_-]+'`;

export const consentFromThePerson: Migration = {
  id: '032_consent_from_the_person',
  sql: /* sql */ `
    ALTER TABLE consent_records
      ADD COLUMN form_version text NOT NULL DEFAULT '',
      ADD COLUMN recorded_by char(24) REFERENCES users(id),
      ADD COLUMN evidence text NOT NULL DEFAULT '',
      ADD COLUMN obtained_at timestamptz;

    ALTER TABLE event_registrations ADD COLUMN email_key text, ADD COLUMN confirm_by timestamptz;
    UPDATE event_registrations SET email_key = ${MAILBOX_KEY};
    UPDATE event_registrations r SET email_key = r.email_key || ':' || r.id::text
     WHERE r.status <> 'cancelled'
       AND EXISTS (SELECT 1 FROM event_registrations o
                    WHERE o.event_id = r.event_id AND o.email_key = r.email_key AND o.status <> 'cancelled' AND o.id < r.id);
    ALTER TABLE event_registrations ALTER COLUMN email_key SET NOT NULL;
    DROP INDEX event_registrations_live_email_idx;
    CREATE UNIQUE INDEX event_registrations_live_mailbox_idx ON event_registrations (event_id, email_key) WHERE status <> 'cancelled';
    CREATE INDEX event_registrations_mailbox_idx ON event_registrations (email_key) WHERE confirm_by IS NOT NULL;
    CREATE INDEX event_registrations_hold_idx ON event_registrations (confirm_by) WHERE confirm_by IS NOT NULL;

    CREATE TABLE confirmed_addresses (
      address_hash  bytea PRIMARY KEY,
      confirmed_at  timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE registration_mail_caps (
      address_hash  bytea PRIMARY KEY,
      sent_at       timestamptz NOT NULL
    );

    UPDATE mail_queue SET text_body = regexp_replace(text_body, ${TOKEN_IN_LINK}, '\\1removed', 'g'),
                          html_body = regexp_replace(html_body, ${TOKEN_IN_LINK}, '\\1removed', 'g')
     WHERE sent_at IS NOT NULL AND secret_expires_at IS NULL AND (text_body LIKE '%token=%' OR html_body LIKE '%token=%');
    UPDATE lead_emails SET body_text = regexp_replace(body_text, ${TOKEN_IN_LINK}, '\\1removed', 'g')
     WHERE body_text LIKE '%token=%';
  `,
};
