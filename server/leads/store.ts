/** Writes a lead to the database. Columns are mapped one by one: nothing else reaches the table. */
import type { Queryable } from '../db/database';
import { leadPayloadHash, type LeadRecord } from './lead-record';

/** The Idempotency-Key was used before with a different payload. */
export class IdempotencyConflict extends Error {
  constructor(readonly idempotencyKey: string) {
    super('Idempotency-Key reused with a different payload');
  }
}

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
    text: `INSERT INTO leads (
       id, idempotency_key, first_name, last_name, email, phone, lead_type, address, source,
       course_id, course_type, location, financial_aid, stage, status,
       utm_source, utm_medium, utm_campaign, utm_term, utm_content, landing_page, referrer,
       created_at, updated_at, payload_hash, notify_pending)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, 1, 1,
             $14, $15, $16, $17, $18, $19, $20, $21, $21, $22, true)
     ON CONFLICT (idempotency_key) DO NOTHING`,
    values: [
      lead.id, lead.idempotency_key, lead.first_name, lead.last_name, lead.email, lead.phone,
      lead.lead_type, lead.address, lead.source, lead.course_id, lead.course_type, lead.location,
      lead.financial_aid, lead.utm_source, lead.utm_medium, lead.utm_campaign, lead.utm_term,
      lead.utm_content, lead.landing_page, lead.referrer, lead.created_at, hash,
    ],
  });
  if (result.rowCount === 1) return true;
  const { rows } = await db.query<{ payload_hash: string | null }>(
    'SELECT payload_hash FROM leads WHERE idempotency_key = $1',
    [lead.idempotency_key],
  );
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
