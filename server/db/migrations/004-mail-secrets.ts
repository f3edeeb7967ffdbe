/**
 * Mails that carry a one-time link (password reset, later invitations) are marked with the
 * moment their link expires: the worker blanks their bodies once delivered, and housekeeping
 * withdraws undelivered ones once the link is dead, so no usable link rests in the database.
 */
import type { Migration } from './migration';

export const mailSecrets: Migration = {
  id: '004_mail_secrets',
  sql: /* sql */ `
    ALTER TABLE mail_queue ADD COLUMN secret_expires_at timestamptz;
    CREATE INDEX mail_queue_secret_idx ON mail_queue (secret_expires_at) WHERE secret_expires_at IS NOT NULL;
  `,
};
