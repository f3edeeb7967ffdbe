/**
 * Two-factor sign-in for staff (TOTP, RFC 6238): the confirmed secret and the one being enrolled,
 * the last accepted time step (a code works once), single-use recovery codes stored as SHA-256,
 * the short-lived challenge between the password and the code, and the college-wide rule that
 * every account must use it.
 */
import type { Migration } from './migration';

export const twoFactor: Migration = {
  id: '005_two_factor',
  sql: /* sql */ `
    ALTER TABLE users ADD COLUMN totp_secret text;
    ALTER TABLE users ADD COLUMN totp_pending_secret text;
    ALTER TABLE users ADD COLUMN totp_last_step bigint NOT NULL DEFAULT 0;

    CREATE TABLE recovery_codes (
      user_id   char(24) NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      code_hash bytea NOT NULL,
      used_at   timestamptz,
      PRIMARY KEY (user_id, code_hash)
    );

    CREATE TABLE signin_challenges (
      token_hash bytea PRIMARY KEY,
      user_id    char(24) NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      attempt_id bigint NOT NULL,
      tries      smallint NOT NULL DEFAULT 0,
      expires_at timestamptz NOT NULL
    );
    CREATE INDEX signin_challenges_expires_idx ON signin_challenges (expires_at);

    -- One row: college-wide security rules an admin sets.
    CREATE TABLE security_settings (
      id                 boolean PRIMARY KEY DEFAULT true CHECK (id),
      require_two_factor boolean NOT NULL DEFAULT false
    );
    INSERT INTO security_settings DEFAULT VALUES;
  `,
};
