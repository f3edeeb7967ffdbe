/**
 * Security, second pass (issue 21):
 * - `users.password_set`: false for an invited account until its owner chooses a password. Only an
 *   active admin who has set a password counts towards the last-admin rule (a pending invitation
 *   can expire, leaving nobody able to administer the CRM). Invitations made before this
 *   migration carry the placeholder hash invitations.ts wrote.
 * - `lead_confirmations`: when the last confirmation e-mail went to a lead's address (SHA-256 of
 *   the normalised address, never the address), so the auto-reply reaches one address at most
 *   once a day however many instances send mail. Rows older than a day are purged.
 */
import type { Migration } from './migration';

export const authHardening: Migration = {
  id: '013_auth_hardening',
  sql: /* sql */ `
    ALTER TABLE users ADD COLUMN password_set boolean NOT NULL DEFAULT true;
    UPDATE users SET password_set = false WHERE password_hash = 'invited:no-password-yet';

    CREATE TABLE lead_confirmations (
      address_hash bytea PRIMARY KEY,
      sent_at      timestamptz NOT NULL
    );
  `,
};
