/**
 * An Idempotency-Key is bound to the payload it first came with: the same key with another
 * payload is refused (422) instead of silently dropping the second lead. Rows stored before this
 * migration have no hash and match any payload, as before.
 */
import type { Migration } from './migration';

export const leadPayloadHash: Migration = {
  id: '002_lead_payload_hash',
  sql: /* sql */ `
    ALTER TABLE leads ADD COLUMN payload_hash text;
  `,
};
