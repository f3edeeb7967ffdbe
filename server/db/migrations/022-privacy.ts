/**
 * Privacy requests (issue 22, PIPEDA): a person asks what the college holds about them (answered
 * within 30 days), withdraws consent or asks for deletion; an open request keeps the retention job
 * away from that person. Leads remember when they were anonymised (retention skips them and the CRM
 * says so), and `privacy_scrub_json` blanks the text inside a jsonb detail while keeping its shape,
 * numbers, booleans, record ids and dates (server/privacy/anonymise.ts).
 */
import type { Migration } from './migration';

export const privacy: Migration = {
  id: '022_privacy',
  sql: /* sql */ `
    CREATE TABLE privacy_requests (
      id         bigserial PRIMARY KEY,
      kind       text NOT NULL CHECK (kind IN ('access', 'withdrawal', 'deletion')),
      -- The person: every lead with this address (compared in lower case).
      email      text NOT NULL,
      -- The lead it was opened from (the person may have several).
      lead_id    char(24) REFERENCES leads(id),
      opened_at  timestamptz NOT NULL DEFAULT now(),
      due_at     timestamptz NOT NULL,
      opened_by  char(24) REFERENCES users(id),
      closed_at  timestamptz,
      closed_by  char(24) REFERENCES users(id)
    );
    CREATE INDEX privacy_requests_open_email_idx ON privacy_requests (lower(email)) WHERE closed_at IS NULL;
    CREATE INDEX privacy_requests_email_idx ON privacy_requests (lower(email), opened_at);

    ALTER TABLE leads ADD COLUMN anonymised_at timestamptz;
    CREATE INDEX leads_email_lower_idx ON leads (lower(email));
    -- The retention job's first question: who still has personal data in a lead older than the cut-off.
    CREATE INDEX leads_retention_idx ON leads (created_at) WHERE anonymised_at IS NULL;

    CREATE FUNCTION privacy_scrub_json(doc jsonb) RETURNS jsonb LANGUAGE plpgsql IMMUTABLE STRICT AS $$
    BEGIN
      IF jsonb_typeof(doc) = 'object' THEN
        RETURN (SELECT coalesce(jsonb_object_agg(e.key, privacy_scrub_json(e.value)), '{}'::jsonb) FROM jsonb_each(doc) AS e);
      ELSIF jsonb_typeof(doc) = 'array' THEN
        RETURN (SELECT coalesce(jsonb_agg(privacy_scrub_json(a.item) ORDER BY a.n), '[]'::jsonb)
                  FROM jsonb_array_elements(doc) WITH ORDINALITY AS a(item, n));
      ELSIF jsonb_typeof(doc) = 'string'
        AND NOT (doc #>> '{}') ~ '^([0-9a-f]{24}|[0-9]{4}-[0-9]{2}-[0-9]{2}([T ][0-9:.]+(Z|[+-][0-9:]+)?)?)$' THEN
        RETURN to_jsonb('[removed]'::text);
      END IF;
      RETURN doc;
    END
    $$;
  `,
};
