/**
 * CASL consent records (issue 22). Implied consent is not written here: it follows from the
 * inquiries themselves (leads.created_at, and a stage change to "Current Student" in lead_events
 * for the enrolment), so accepting a lead stays one narrow insert. What a person does about their
 * own consent is written here, one row per act, never updated: an express opt-in with the exact
 * wording they saw, or a withdrawal; each with when, how (which page or one-click), the link's
 * origin and the client address. The college carries the burden of proof, so rows are kept.
 * The key of the links in mails is kept sealed beside them (consent_link_key).
 */
import type { Migration } from './migration';

export const consent: Migration = {
  id: '019_consent',
  sql: /* sql */ `
    CREATE TABLE consent_records (
      id          bigserial PRIMARY KEY,
      -- The person, by address, lower-cased (consent belongs to the address, not to one inquiry).
      email       text NOT NULL,
      kind        text NOT NULL CHECK (kind IN ('express', 'withdrawn')),
      -- express: the exact text shown beside the checkbox the person ticked; withdrawn: ''.
      wording     text NOT NULL DEFAULT '',
      -- How: 'consent page' | 'unsubscribe page' | 'one-click'.
      method      text NOT NULL,
      -- Which page, and the mail whose link led there.
      source      text NOT NULL DEFAULT '',
      ip          text,
      created_at  timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX consent_records_email_idx ON consent_records (email, created_at DESC, id DESC);

    -- The key of the links that name an address in mails (server/consent/link-key.ts): random,
    -- made once, sealed with the secrets key (re-sealed by a rotation), so a link sent today keeps
    -- working after the secrets key is rotated (unsubscribe must work for at least 60 days).
    CREATE TABLE consent_link_key (
      id          boolean PRIMARY KEY DEFAULT true CHECK (id),
      sealed_key  text NOT NULL,
      created_at  timestamptz NOT NULL DEFAULT now()
    );
  `,
};
