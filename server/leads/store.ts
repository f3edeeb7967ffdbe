/** Writes a lead to the database: the record's declared columns (src/lead-record.ts), nothing else reaches the table. */
import type { Queryable } from '../db/database';
import { LEAD_RECORD_FIELDS, leadPayloadHash, type LeadRecord } from './lead-record';

/** The Idempotency-Key was used before with a different payload. */
export class IdempotencyConflict extends Error {
  constructor(readonly idempotencyKey: string) {
    super('Idempotency-Key reused with a different payload');
  }
}

/**
 * The insert: the record's own columns (LEAD_RECORD_FIELDS, in order, as $1…$n), then the columns
 * every new lead starts with. `updated_at` is the acceptance time.
 */
const INSERT_LEAD = (() => {
  const placeholders = LEAD_RECORD_FIELDS.map((_, index) => `$${index + 1}`);
  const createdAt = `$${LEAD_RECORD_FIELDS.indexOf('created_at') + 1}`;
  return `INSERT INTO leads (${LEAD_RECORD_FIELDS.join(', ')}, updated_at, stage, status, notify_pending, payload_hash)
     VALUES (${placeholders.join(', ')}, ${createdAt}, 1, 1, true, $${LEAD_RECORD_FIELDS.length + 1})
     ON CONFLICT (idempotency_key) DO NOTHING`;
})();

/**
 * Inserts the lead unless one with the same idempotency key exists (a double submit, or a replay
 * of a lead whose first insert committed just before the connection dropped).
 * Returns true when this call created the row, false when the same lead was already stored;
 * throws IdempotencyConflict when the key was stored with another payload.
 * The row is marked `notify_pending`: the mail worker queues its two notification mails
 * (server/leads/lead-notifier.ts). So no lead goes without its mails, and a duplicate sends none.
 */
export async function insertLead(db: Queryable, lead: LeadRecord): Promise<boolean> {
  const hash = leadPayloadHash(lead);
  const result = await db.query({
    // Named, so each connection parses and plans it once (it is the hot path under load).
    name: 'insert-lead',
    text: INSERT_LEAD,
    values: [...LEAD_RECORD_FIELDS.map((field) => lead[field]), hash],
  });
  if (result.rowCount === 1) return true;
  const { rows } = await db.query<{ payload_hash: string | null }>('SELECT payload_hash FROM leads WHERE idempotency_key = $1', [
    lead.idempotency_key,
  ]);
  const stored = rows[0]?.payload_hash;
  if (stored && stored !== hash) throw new IdempotencyConflict(lead.idempotency_key);
  return false;
}

/** How long a lead insert may take before the lead goes to the spool instead. */
export const INSERT_TIMEOUT_MS = 5000;

/**
 * insertLead with a deadline: a connection that hangs (a network cut without a reset) counts as
 * an outage. If the slow insert commits after all, the spool's replay finds the key and skips it.
 */
export function insertLeadWithin(db: Queryable, lead: LeadRecord, ms = INSERT_TIMEOUT_MS): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      reject(Object.assign(new Error(`lead insert took longer than ${ms} ms`), { code: 'ETIMEDOUT' }));
    }, ms);
  });
  const insert = insertLead(db, lead);
  // A late failure of the abandoned insert must not become an unhandled rejection.
  insert.catch(() => undefined);
  return Promise.race([insert, deadline]).finally(() => clearTimeout(timer));
}
