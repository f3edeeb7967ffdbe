/**
 * Turns accepted leads into their two notification mails. The request that accepts a lead only
 * inserts its row with `notify_pending` (server/leads/store.ts) and announces it to the lead's
 * follow-up (server/lead-life/), which runs this after the repeat-inquiry check. It reads a batch of pending leads, renders their mails, then in one statement clears
 * the flag of those still pending and queues the mails of exactly those rows: a lead gets its mails
 * once even when two instances render the same batch, and a crash before that statement leaves it
 * pending for the next pass. No transaction is held open while mails are rendered: on the embedded
 * database every request shares one connection with this work. The student confirmation goes to
 * an address at most once a day (confirmation-limit.ts), checked here at send time so accepting a
 * lead stays one narrow insert; the lead and its admissions summary are never held back. The
 * confirmation carries the person's own opt-in link, so it is queued sealed and blanked once
 * delivered, like every mail with a link (server/mail/mail-queue.ts).
 */
import type { Config } from '../config';
import type { Queryable } from '../db/database';
import type { Catalogue } from '../catalogue/catalogue';
import { isRegistrationLead, LEAD_RECORD_COLUMNS, type LeadRecord } from './lead-record';
import { admissionsMail, studentConfirmationMail } from './lead-mails';
import { CONFIRMATION_INTERVAL_HOURS, recipientKey } from './confirmation-limit';
import { consentPageUrl, linkTokens, type LinkSettings } from '../consent';
import { MAIL_HTML_CONTEXT, MAIL_TEXT_CONTEXT, mailInsertFrom } from '../mail/mail-queue';
import { createSecretBox, type SecretBox } from '../secrets/secret-box';
import { loadSecretKeys } from '../secrets/secret-key';

/** Leads per statement: small enough that requests queued behind it on PGlite's one connection wait little. */
const BATCH_SIZE = 20;

/** The oldest pending leads, as LeadRecords (the mails are made from those). */
const PENDING_SQL = /* sql */ `
  SELECT ${LEAD_RECORD_COLUMNS} FROM leads WHERE notify_pending ORDER BY created_at LIMIT $1`;

/**
 * Takes the leads still pending and queues their mails. A mail with a recipient key is a student
 * confirmation: only the first of a batch per key is a candidate, and it is queued only if its key
 * is claimed in lead_confirmations (no row yet, or one older than the interval). ON CONFLICT makes
 * the claim atomic across instances. Mails without a key (the admissions summary) always go.
 */
const TAKE_AND_QUEUE_SQL = /* sql */ `
  WITH locked AS (
    -- In id order, as a merge locks its two leads: an UPDATE over an array locks in scan order, and
    -- a merge holding one lead while this held the other was a deadlock (the merge answered 500).
    SELECT id FROM leads WHERE id = ANY($1::char(24)[]) AND notify_pending ORDER BY id FOR UPDATE
  ), taken AS (
    UPDATE leads l SET notify_pending = false FROM locked WHERE l.id = locked.id RETURNING l.id
  ), m AS (
    SELECT * FROM unnest($2::char(24)[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $9::timestamptz[])
             WITH ORDINALITY AS m(lead_id, to_address, subject, text_body, html_body, recipient_key, secret_expires_at, position)
     WHERE m.lead_id IN (SELECT id FROM taken)
  ), firsts AS (
    SELECT DISTINCT ON (recipient_key) recipient_key, position FROM m
     WHERE recipient_key IS NOT NULL ORDER BY recipient_key, position
  ), claimed AS (
    INSERT INTO lead_confirmations AS c (address_hash, sent_at)
    SELECT decode(recipient_key, 'hex'), now() FROM firsts
    ON CONFLICT (address_hash) DO UPDATE SET sent_at = excluded.sent_at
     WHERE c.sent_at <= now() - make_interval(hours => $8)
    RETURNING address_hash
  )
  ${mailInsertFrom(`SELECT m.to_address, m.subject, m.text_body, m.html_body, m.secret_expires_at, NULL::jsonb FROM m
   WHERE m.recipient_key IS NULL
      OR m.position IN (SELECT f.position FROM firsts f JOIN claimed ON claimed.address_hash = decode(f.recipient_key, 'hex'))
   ORDER BY m.position`)}`;

type PendingRow = Omit<LeadRecord, 'created_at'> & { created_at: Date };

/**
 * Returns a function that queues the mails of up to one batch of pending leads and says how many
 * leads it read. The catalogue is the live one, so mails name the course as it is when they are made.
 */
export function leadNotifier(
  db: Queryable,
  config: Pick<Config, 'siteUrl' | 'admissionsEmail'> & LinkSettings,
  catalogue: Catalogue,
  secrets?: SecretBox,
  batchSize = BATCH_SIZE,
): () => Promise<number> {
  let box = secrets ?? null;
  const sealer = () => (box ??= createSecretBox(loadSecretKeys(config)));
  return async () => {
    const { rows } = await db.query<PendingRow>(PENDING_SQL, [batchSize]);
    if (rows.length === 0) return 0;
    // The opt-in link's token is computed (a keyed seal of the address), never looked up or
    // stored; the key is read once per process.
    const tokens = await linkTokens(db, config);
    const optInUrl = (email: string) => consentPageUrl(tokens, config.siteUrl, email, 'inquiry-confirmation');
    const settings = { siteUrl: config.siteUrl, admissionsEmail: config.admissionsEmail, catalogue, optInUrl };
    const seal = (body: string, context: string, secret: boolean) => (secret ? sealer().seal(body, context) : body);
    const mails = rows.flatMap((row) => {
      const lead = { ...row, created_at: row.created_at.toISOString() };
      // A lead made by an event registration is not an inquiry: the person has the event's own
      // mail, and admissions is told of a registration (issue 31).
      if (isRegistrationLead(lead)) return [{ leadId: row.id, mail: admissionsMail(lead, settings, 'registration'), key: null }];
      return [
        { leadId: row.id, mail: admissionsMail(lead, settings), key: null },
        { leadId: row.id, mail: studentConfirmationMail(lead, settings), key: recipientKey(lead.email) },
      ];
    });
    await db.query(TAKE_AND_QUEUE_SQL, [
      rows.map((row) => row.id),
      mails.map((m) => m.leadId),
      mails.map((m) => m.mail.to),
      mails.map((m) => m.mail.subject),
      mails.map((m) => seal(m.mail.text, MAIL_TEXT_CONTEXT, m.mail.secretExpiresAt !== undefined)),
      mails.map((m) => seal(m.mail.html, MAIL_HTML_CONTEXT, m.mail.secretExpiresAt !== undefined)),
      mails.map((m) => m.key),
      CONFIRMATION_INTERVAL_HOURS,
      mails.map((m) => m.mail.secretExpiresAt ?? null),
    ]);
    return rows.length;
  };
}
