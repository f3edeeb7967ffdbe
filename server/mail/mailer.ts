/**
 * Outgoing mail. Messages are queued in the database (in the caller's transaction) and sent by a
 * worker through nodemailer: SMTP when SMTP_URL is set, else .eml files in DATA_DIR/outbox.
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
}

export interface Mailer {
  /** Queues a message with the given client (inside the caller's transaction). */
  enqueue(client: Queryable, message: MailMessage): Promise<void>;
  /** Asks the worker to look soon (a lead was stored whose notifications it will queue). */
  kick(): void;
  /** Sends what is due now; returns how many were sent. The worker calls it on a timer. */
  flush(): Promise<number>;
  start(): void;
  stop(): Promise<void>;
}
