/**
 * Repeat inquiries, merging and where leads come from (issue 23).
 * - `origin`: the embedding page's origin (the request's Origin, else its Referer's), written by
 *   the intake insert beside the payload.
 * - `repeat_pending`: a new lead waits for the repeat-inquiry pass (server/repeat/), which runs in
 *   the background after intake, so the request adds no lookup. Rows stored before this migration
 *   are taken as checked (the column is added with false, then its default becomes true).
 * - `phone_e164`: the phone normalised by that pass (families share phones: a match on it only
 *   flags a possible duplicate, in `lead_duplicates`).
 * - `parent_lead_id`: a repeat inquiry's row names the open lead it joined (hidden from the list).
 * - `merged_into`: a merged lead stays as a tombstone pointing at the lead it was merged into.
 * The match indexes are partial on `NOT repeat_pending`, so the intake insert never writes them.
 */
import type { Migration } from './migration';

export const repeatInquiries: Migration = {
  id: '024_repeat_inquiries',
  sql: /* sql */ `
    ALTER TABLE leads ADD COLUMN origin text;
    ALTER TABLE leads ADD COLUMN phone_e164 text;
    ALTER TABLE leads ADD COLUMN parent_lead_id char(24) REFERENCES leads(id);
    ALTER TABLE leads ADD COLUMN merged_into char(24) REFERENCES leads(id);
    ALTER TABLE leads ADD COLUMN repeat_pending boolean NOT NULL DEFAULT false;
    ALTER TABLE leads ALTER COLUMN repeat_pending SET DEFAULT true;

    CREATE INDEX leads_repeat_pending_idx ON leads (created_at) WHERE repeat_pending;
    CREATE INDEX leads_email_match_idx ON leads (lower(email), created_at) WHERE NOT repeat_pending;
    CREATE INDEX leads_phone_match_idx ON leads (phone_e164, created_at) WHERE NOT repeat_pending;
    CREATE INDEX leads_parent_idx ON leads (parent_lead_id) WHERE parent_lead_id IS NOT NULL;
    CREATE INDEX leads_merged_into_idx ON leads (merged_into) WHERE merged_into IS NOT NULL;

    -- Two leads that share a phone but not an e-mail address: staff compare them and may merge.
    CREATE TABLE lead_duplicates (
      lead_a     char(24) NOT NULL REFERENCES leads(id),
      lead_b     char(24) NOT NULL REFERENCES leads(id),
      reason     text NOT NULL DEFAULT 'phone',
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (lead_a, lead_b),
      CHECK (lead_a < lead_b)
    );
    CREATE INDEX lead_duplicates_b_idx ON lead_duplicates (lead_b);
  `,
};
