/**
 * Outgoing mail. Messages are queued in the database (in the caller's transaction) and sent by the
 * mail delivery job (server/mail/create-mailer.ts) through nodemailer: SMTP when SMTP_URL is set,
 * else .eml files in DATA_DIR/outbox.
 */
import type { Queryable } from '../db/database';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * For a mail that carries a one-time link: when the link expires. Its bodies are queued sealed
   * (AES-256-GCM, server/secrets/), blanked once delivered, and it is withdrawn if still
   * undelivered then (server/mail/purge-secrets.ts).
   */
  secretExpiresAt?: Date;
  /** Sender name, Reply-To, headers, Message-ID and attachments, when the mail needs any. */
  envelope?: MailEnvelope;
}

/** A file attached to a mail; `content` is base64 (it is stored as JSON in the queue). */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

/**
 * The parts of a mail beyond address, subject and bodies. The From address is always the
 * configured MAIL_FROM's; `fromName` only changes the name shown (a counsellor's, for mail sent
 * from a lead). `headers` are added as they are (List-Unsubscribe, List-Unsubscribe-Post).
 */
export interface MailEnvelope {
  fromName?: string;
  replyTo?: string;
  /** Without angle brackets, e.g. `lead-…@northbridge-college.ca`; nodemailer makes one when absent. */
  messageId?: string;
  headers?: Record<string, string>;
  attachments?: MailAttachment[];
  /** As stored for a link mail: `headers` sealed (mail-queue.ts); never set by a caller. */
  sealedHeaders?: string;
}

export interface Mailer {
  /** Queues a message with the given client (inside the caller's transaction); resolves with its mail_queue id. */
  enqueue(client: Queryable, message: MailMessage): Promise<string>;
  /** Asks for a delivery job soon (mail was queued in bulk, without a job of its own). */
  kick(): void;
  /** Sends what is due now; returns how many were sent. The delivery job calls it. */
  flush(): Promise<number>;
  /** Runs delivery jobs in this process (on its own job queue when none was given). */
  start(): void;
  stop(): Promise<void>;
}
