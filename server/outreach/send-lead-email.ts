/**
 * Sending an e-mail to a lead, from the lead page or by a sequence step: checked and prepared
 * (prepare-email.ts), then in ONE transaction the record of what was sent (lead_emails, with its
 * reply token, Message-ID and the consent that applied), the timeline's entry, the audit entry and
 * the queued mail, so nothing is ever half-written. Commercial mail goes through the consent
 * module, which adds the footer and unsubscribe headers or refuses it. The mail itself is
 * delivered by the mail queue's job; sending answers as soon as it is queued.
 */
import type { Catalogue } from '../catalogue/catalogue';
import type { Config } from '../config';
import type { Database, Queryable } from '../db/database';
import type { Mailer, MailMessage } from '../mail/mailer';
import { escapeHtml } from '../../src/escape-html';
import { recordAudit } from '../audit/audit-log';
import { commercialMail } from '../consent';
import { Conflict, DomainError } from '../domain-errors';
import { fromAddress } from '../mail/delivery';
import { newReplyToken, replyAddress } from '../mail/reply-address';
import { prepareLeadEmail, type PreparedEmail } from './prepare-email';
import type { LeadEmailRequest } from './lead-email-request';
import { recordLeadEvent } from '../timeline/lead-events';

export type { LeadEmailRequest };

export type LeadEmailResult = { ok: true; emailId: string } | { ok: false; reason: string };

/** What sending needs besides the database. */
export interface LeadEmailServices {
  config: Config;
  mailer: Mailer;
  catalogue: Catalogue;
  /** The client's address for the audit entry (a staff request's); none for a sequence step. */
  ip?: string | null;
}

/** A sender at the boundary (a staff request): the transaction is opened here. */
export interface LeadEmailDeps extends LeadEmailServices {
  db: Pick<Database, 'pool' | 'transaction'>;
}

/** Paragraphs and line breaks of the text, escaped: the HTML part says exactly what the text part says. */
function htmlOf(text: string): string {
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((part) => `<p>${escapeHtml(part.trim()).replace(/\n/g, '<br>')}</p>`)
    .join('\n');
  return `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#222">\n${paragraphs}\n</body></html>`;
}

function mailOf(config: Config, email: PreparedEmail, token: string): MailMessage {
  const domain = fromAddress(config.mailFrom).split('@')[1] ?? 'localhost';
  return {
    to: email.lead.email,
    subject: email.subject,
    text: email.body,
    html: htmlOf(email.body),
    envelope: { fromName: email.fromName, replyTo: replyAddress(config.admissionsEmail, token), messageId: `${token}@${domain}` },
  };
}

/** Queues the message in its own transaction; throws the DomainError that refuses it (InvalidInput, NotFound, Conflict). */
export async function queueLeadEmail(deps: LeadEmailDeps, request: LeadEmailRequest, now: Date = new Date()): Promise<string> {
  const email = await preparedOrRefused(deps.db.pool, deps, request, now);
  return deps.db.transaction((tx) => recordAndQueue(tx, deps, email, request, now));
}

/** As queueLeadEmail, inside the caller's transaction `tx` (a sequence step's): reads and writes go through it. */
export async function queueLeadEmailIn(
  tx: Queryable,
  services: LeadEmailServices,
  request: LeadEmailRequest,
  now: Date = new Date(),
): Promise<string> {
  const email = await preparedOrRefused(tx, services, request, now);
  return recordAndQueue(tx, services, email, request, now);
}

async function preparedOrRefused(db: Queryable, services: LeadEmailServices, request: LeadEmailRequest, now: Date): Promise<PreparedEmail> {
  const email = await prepareLeadEmail(db, services.catalogue, request, now);
  if (email.refusal) throw new Conflict(email.refusal);
  return email;
}

/** The lead_emails row, the timeline's entry, the audit entry and the queued mail, all on `client` (one transaction). */
async function recordAndQueue(
  client: Queryable,
  deps: LeadEmailServices,
  email: PreparedEmail,
  request: LeadEmailRequest,
  now: Date,
): Promise<string> {
  const token = newReplyToken();
  const origin = request.origin ?? { kind: 'staff' };
  let message = mailOf(deps.config, email, token);
  let keptText = message.text;
  if (email.purpose === 'commercial') {
    const checked = await commercialMail(client, deps.config, message, now);
    if (!checked.ok) throw new Conflict(checked.reason);
    message = checked.message;
    keptText = checked.keptText;
  }
  await deps.mailer.enqueue(client, message);
  // The mail just queued in this session: its id links the record to the queue row.
  const mail = await client.query<{ id: string }>(`SELECT currval(pg_get_serial_sequence('mail_queue', 'id')) AS id`);
  const { rows } = await client.query<{ id: string }>(
    `INSERT INTO lead_emails (lead_id, sent_by, template_id, purpose, consent, to_address, subject, body_text,
                                reply_token, message_id, mail_id, origin, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id`,
    [
      email.lead.id,
      request.senderId,
      email.templateId,
      email.purpose,
      email.consent.line,
      message.to,
      message.subject,
      keptText,
      token,
      message.envelope?.messageId,
      mail.rows[0]?.id ?? null,
      JSON.stringify(origin),
      now,
    ],
  );
  const id = String(rows[0]?.id);
  const marked = email.purpose === 'direct_answer' ? { direct_answer_marked_by: request.senderId } : {};
  await recordLeadEvent(client, {
    kind: 'email_sent',
    leadId: email.lead.id,
    actorId: request.senderId,
    detail: { email_id: id, purpose: email.purpose, origin, ...marked },
    at: now,
  });
  await recordAudit(client, {
    actorId: request.senderId,
    ip: deps.ip ?? null,
    action: 'lead_email.sent',
    details: {
      lead_id: email.lead.id,
      email_id: id,
      purpose: email.purpose,
      template_id: email.templateId,
      origin: origin.kind,
      ...marked,
    },
  });
  return id;
}

/** queueLeadEmail, with a refusal as a result rather than a throw. */
export function sendLeadEmail(deps: LeadEmailDeps, request: LeadEmailRequest, now?: Date): Promise<LeadEmailResult> {
  return asResult(queueLeadEmail(deps, request, now));
}

/** queueLeadEmailIn, with a refusal as a result rather than a throw. */
export function sendLeadEmailIn(
  tx: Queryable,
  services: LeadEmailServices,
  request: LeadEmailRequest,
  now?: Date,
): Promise<LeadEmailResult> {
  return asResult(queueLeadEmailIn(tx, services, request, now));
}

async function asResult(queued: Promise<string>): Promise<LeadEmailResult> {
  try {
    return { ok: true, emailId: await queued };
  } catch (error) {
    if (error instanceof DomainError) return { ok: false, reason: error.message };
    throw error;
  }
}
