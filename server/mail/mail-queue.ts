/**
 * The mail_queue table, and the only module that writes its rows: messages are queued in the
 * caller's transaction (`queueMail`, or `mailInsertFrom` for set-based statements), then claimed,
 * sent and marked one at a time by the worker. A claim pushes next_attempt_at forward by
 * CLAIM_LEASE_SECONDS in the same statement that selects the row (FOR UPDATE SKIP LOCKED), so two
 * workers (two instances, or a job and a direct flush) never send the same row; a worker that dies
 * mid-send delays that one message by at most the lease, and a message is marked sent as soon as
 * it is delivered, so a crash resends nothing already delivered (issue 30). The table's back-off is
 * the only retry policy: the delivery job is only a wake-up.
 * A mail that carries a one-time link is stored with both bodies sealed (server/secrets/), and its
 * headers too (a List-Unsubscribe header is a link): the row is committed with the caller's
 * transaction, so it survives a crash, yet holds no usable link. Once delivered, its bodies are
 * blanked and its sealed headers dropped.
 */
import type { Queryable } from '../db/database';
import type { MailEnvelope, MailMessage } from './mailer';
import type { SecretBox } from '../secrets/secret-box';

/** Longer than one SMTP attempt's worst case (server/mail/delivery.ts timeouts), at most a minute. */
export const CLAIM_LEASE_SECONDS = 60;
const MAX_BACKOFF_SECONDS = 3600;

export interface QueuedMail extends MailMessage {
  id: string;
  attempts: number;
}

interface QueueRow {
  id: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  attempts: number;
  secret_expires_at: Date | null;
  envelope: MailEnvelope | null;
}

/** What each body is authenticated with when sealed: a text body does not open as an HTML one. */
export const MAIL_TEXT_CONTEXT = 'mail:text';
export const MAIL_HTML_CONTEXT = 'mail:html';
export const MAIL_HEADERS_CONTEXT = 'mail:headers';

/** A link mail's envelope as stored: its headers sealed as one JSON value. */
function storedEnvelope(envelope: MailEnvelope | undefined, secret: boolean, box: () => SecretBox): MailEnvelope | null {
  if (!envelope) return null;
  if (!secret || !envelope.headers) return envelope;
  const { headers, ...rest } = envelope;
  return { ...rest, sealedHeaders: box().seal(JSON.stringify(headers), MAIL_HEADERS_CONTEXT) };
}

const envelopeJson = (envelope: MailEnvelope | null): string | null => (envelope ? JSON.stringify(envelope) : null);

/** The columns a queued message is written with, in this order, by every insert. */
const INSERT_INTO_MAIL_QUEUE = 'INSERT INTO mail_queue (to_address, subject, text_body, html_body, secret_expires_at, envelope)';

/**
 * The insert for set-based statements (a pass that queues many mails in one statement, a seat taken
 * with its confirmation): `select` yields to_address, subject, text_body, html_body,
 * secret_expires_at and envelope, in that order, with bodies already sealed where they carry a link.
 */
export const mailInsertFrom = (select: string): string => `${INSERT_INTO_MAIL_QUEUE} ${select}`;

/** Queues a message in the caller's transaction; resolves with its row's id. The one way a mail is queued. */
export async function queueMail(db: Queryable, message: MailMessage, box: () => SecretBox): Promise<string> {
  const secret = message.secretExpiresAt !== undefined;
  const { rows } = await db.query<{ id: string }>(`${INSERT_INTO_MAIL_QUEUE} VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`, [
    message.to,
    message.subject,
    secret ? box().seal(message.text, MAIL_TEXT_CONTEXT) : message.text,
    secret ? box().seal(message.html, MAIL_HTML_CONTEXT) : message.html,
    message.secretExpiresAt ?? null,
    envelopeJson(storedEnvelope(message.envelope, secret, box)),
  ]);
  return String(rows[0]?.id);
}

/**
 * The bodies as they are sent: a link mail's sealed bodies opened (throws SecretBoxError when the
 * key is missing). Only link mails are looked at: another mail's text is never taken for a sealed value.
 */
export function openMail(mail: QueuedMail, box: () => SecretBox): QueuedMail {
  if (mail.secretExpiresAt === undefined) return mail;
  const text = box().isSealed(mail.text) ? box().open(mail.text, MAIL_TEXT_CONTEXT) : mail.text;
  const html = box().isSealed(mail.html) ? box().open(mail.html, MAIL_HTML_CONTEXT) : mail.html;
  const sealedHeaders = mail.envelope?.sealedHeaders;
  if (!mail.envelope || sealedHeaders === undefined) return { ...mail, text, html };
  const { sealedHeaders: _sealed, ...envelope } = mail.envelope;
  const headers = JSON.parse(box().open(sealedHeaders, MAIL_HEADERS_CONTEXT)) as Record<string, string>;
  return { ...mail, text, html, envelope: { ...envelope, headers } };
}

/** Claims the next due message for CLAIM_LEASE_SECONDS; null when none is due. */
export async function claimNextMail(db: Queryable): Promise<QueuedMail | null> {
  const { rows } = await db.query<QueueRow>(
    `UPDATE mail_queue SET next_attempt_at = now() + make_interval(secs => $1)
      WHERE id = (
        SELECT id FROM mail_queue
         WHERE sent_at IS NULL AND next_attempt_at <= now()
         ORDER BY next_attempt_at, id
         LIMIT 1
         FOR UPDATE SKIP LOCKED)
    RETURNING id, to_address, subject, text_body, html_body, attempts, secret_expires_at, envelope`,
    [CLAIM_LEASE_SECONDS],
  );
  const row = rows[0];
  return row ? queuedMail(row) : null;
}

function queuedMail(row: QueueRow): QueuedMail {
  return {
    id: String(row.id),
    attempts: row.attempts,
    to: row.to_address,
    subject: row.subject,
    text: row.text_body,
    html: row.html_body,
    ...(row.secret_expires_at ? { secretExpiresAt: new Date(row.secret_expires_at) } : {}),
    ...(row.envelope ? { envelope: row.envelope } : {}),
  };
}

/** A delivered mail that carried a one-time link keeps its subject and address, not its bodies. */
export const SECRET_REMOVED_BODY = '[removed after delivery: this message carried a one-time link]';

/**
 * Marks one message delivered, right after its delivery: a crash can resend at most the one
 * message whose SMTP answer it did not live to record, and that with the same Message-ID
 * (delivery.ts). Marking batches saved queries but resent up to a batch after a crash (issue 30).
 */
export async function markSent(db: Queryable, id: string): Promise<void> {
  await db.query(
    `UPDATE mail_queue SET sent_at = now(), attempts = attempts + 1, last_error = NULL,
            text_body = CASE WHEN secret_expires_at IS NULL THEN text_body ELSE $2 END,
            html_body = CASE WHEN secret_expires_at IS NULL THEN html_body ELSE $2 END,
            envelope = CASE WHEN secret_expires_at IS NULL THEN envelope ELSE envelope - 'sealedHeaders' END
      WHERE id = $1`,
    [id, SECRET_REMOVED_BODY],
  );
}

/** Seconds to wait after the n-th failed attempt: 5 s, 10 s, 20 s ... capped at an hour. */
export function backoffSeconds(failedAttempts: number): number {
  return Math.min(MAX_BACKOFF_SECONDS, 5 * 2 ** Math.max(0, failedAttempts - 1));
}

export async function markFailed(db: Queryable, mail: QueuedMail, error: string): Promise<void> {
  await db.query(
    `UPDATE mail_queue SET attempts = attempts + 1, last_error = $2,
            next_attempt_at = now() + make_interval(secs => $3)
      WHERE id = $1`,
    [mail.id, error.slice(0, 1000), backoffSeconds(mail.attempts + 1)],
  );
}

/** When the earliest undelivered mail is next due (a retry, or a claim whose lease runs out); null when none waits. */
export async function nextAttemptAt(db: Queryable): Promise<Date | null> {
  const { rows } = await db.query<{ next: Date | null }>('SELECT min(next_attempt_at) AS next FROM mail_queue WHERE sent_at IS NULL');
  return rows[0]?.next ? new Date(rows[0].next) : null;
}
