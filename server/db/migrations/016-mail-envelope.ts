/**
 * What a queued mail carries besides its address, subject and bodies (server/mail/mailer.ts,
 * MailEnvelope): the sender's display name, a Reply-To, extra headers (List-Unsubscribe), a
 * Message-ID and attachments (a calendar file). One JSON column: the delivery job passes it to
 * nodemailer as it is, and a mail without one is sent as before.
 */
import type { Migration } from './migration';

export const mailEnvelope: Migration = {
  id: '016_mail_envelope',
  sql: /* sql */ `
    ALTER TABLE mail_queue ADD COLUMN envelope jsonb;
  `,
};
