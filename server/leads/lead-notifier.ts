/**
 * Turns accepted leads into their two notification mails. The request that accepts a lead only
 * inserts its row with `notify_pending` (server/leads/store.ts); the mail worker calls this before
 * each pass. It reads a batch of pending leads, renders their mails, then in one statement clears
 * the flag of those still pending and queues the mails of exactly those rows: a lead gets its mails
 * once even when two instances render the same batch, and a crash before that statement leaves it
 * pending for the next pass. No transaction is held open while mails are rendered: on the embedded
 * database every request shares one connection with this work.
 */
import type { Config } from '../config';
import type { Queryable } from '../db/database';
import type { Catalogue } from '../catalogue/catalogue';
import { LEAD_RECORD_COLUMNS, type LeadRecord } from './lead-record';
import { leadNotificationMails } from './lead-mails';

/** Leads per statement: small enough that requests queued behind it on PGlite's one connection wait little. */
const BATCH_SIZE = 20;

/** The oldest pending leads, as LeadRecords (the mails are made from those). */
const PENDING_SQL = /* sql */ `
  SELECT ${LEAD_RECORD_COLUMNS} FROM leads WHERE notify_pending ORDER BY created_at LIMIT $1`;

const TAKE_AND_QUEUE_SQL = /* sql */ `
  WITH taken AS (
    UPDATE leads SET notify_pending = false WHERE id = ANY($1::char(24)[]) AND notify_pending RETURNING id
  )
  INSERT INTO mail_queue (to_address, subject, text_body, html_body)
  SELECT m.to_address, m.subject, m.text_body, m.html_body
    FROM unnest($2::char(24)[], $3::text[], $4::text[], $5::text[], $6::text[])
           WITH ORDINALITY AS m(lead_id, to_address, subject, text_body, html_body, position)
    JOIN taken ON taken.id = m.lead_id
   ORDER BY m.position`;

type PendingRow = Omit<LeadRecord, 'created_at'> & { created_at: Date };

/**
 * Returns a function that queues the mails of up to one batch of pending leads and says how many
 * leads it read. The catalogue is the live one, so mails name the course as it is when they are made.
 */
export function leadNotifier(
  db: Queryable, config: Pick<Config, 'siteUrl' | 'admissionsEmail'>, catalogue: Catalogue,
): () => Promise<number> {
  const settings = { siteUrl: config.siteUrl, admissionsEmail: config.admissionsEmail, catalogue };
  return async () => {
    const { rows } = await db.query<PendingRow>(PENDING_SQL, [BATCH_SIZE]);
    if (rows.length === 0) return 0;
    const mails = rows.flatMap((row) =>
      leadNotificationMails({ ...row, created_at: row.created_at.toISOString() }, settings).map((mail) => ({ leadId: row.id, mail })),
    );
    await db.query(TAKE_AND_QUEUE_SQL, [
      rows.map((row) => row.id),
      mails.map((m) => m.leadId), mails.map((m) => m.mail.to), mails.map((m) => m.mail.subject),
      mails.map((m) => m.mail.text), mails.map((m) => m.mail.html),
    ]);
    return rows.length;
  };
}
