/**
 * How a queued message leaves the building: through SMTP when SMTP_URL is set; otherwise as an
 * .eml file in DATA_DIR/outbox, with its links written to the log so a developer can click them.
 * That is the only place a one-time link reaches a log or a file, and only without SMTP_URL: the
 * outbox file is the delivered mail itself (a development set-up has no mailbox to deliver to).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import crypto from 'node:crypto';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import type { Config } from '../config';
import type { MailMessage } from './mailer';

export interface MailLog {
  info(line: string): void;
  warn(line: string): void;
}

export interface Delivery {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** E-mail addresses are personal data: log lines show them as [address]. */
export function redactAddresses(text: string): string {
  return text.replace(/[^\s<>"',;:()]+@[^\s<>"',;:()]+/g, '[address]');
}

export function outboxDir(config: Config): string {
  return path.join(config.dataDir, 'outbox');
}

export function createDelivery(config: Config, log: MailLog): Delivery {
  return config.smtpUrl ? smtpDelivery(config, config.smtpUrl) : outboxDelivery(config, log);
}

/** nodemailer's options for one message: the envelope's name on the configured From address. */
export function sendOptions(config: Pick<Config, 'mailFrom'>, message: MailMessage): SendMailOptions {
  const { to, subject, text, html, envelope } = message;
  if (!envelope) return { to, subject, text, html };
  const from = envelope.fromName ? { name: envelope.fromName, address: fromAddress(config.mailFrom) } : config.mailFrom;
  return {
    from,
    to,
    subject,
    text,
    html,
    ...(envelope.replyTo ? { replyTo: envelope.replyTo } : {}),
    ...(envelope.messageId ? { messageId: `<${envelope.messageId}>` } : {}),
    ...(envelope.headers ? { headers: envelope.headers } : {}),
    ...(envelope.attachments
      ? {
          attachments: envelope.attachments.map((a) => ({
            filename: a.filename,
            contentType: a.contentType,
            content: a.content,
            encoding: 'base64',
          })),
        }
      : {}),
  };
}

/** The bare address of a From setting such as `Northbridge College <no-reply@…>`. */
export function fromAddress(mailFrom: string): string {
  return /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
}

function smtpDelivery(config: Config, smtpUrl: string): Delivery {
  // Timeouts well under the queue's claim lease, so a hung server cannot make a message be sent twice.
  const transport = nodemailer.createTransport(
    { url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 },
    { from: config.mailFrom },
  );
  return {
    kind: 'smtp',
    async send(message) {
      await transport.sendMail(sendOptions(config, message));
    },
    close: () => transport.close(),
  };
}

function outboxDelivery(config: Config, log: MailLog): Delivery {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true }, { from: config.mailFrom });
  const dir = outboxDir(config);
  const partial = path.join(config.dataDir, 'outbox-partial');
  // The folders are made once, not per message (two mkdir calls per mail were a visible share of a
  // lead's CPU under load), and again if someone removed them meanwhile.
  let folders: Promise<unknown> | null = null;
  const makeFolders = () =>
    (folders ??= Promise.all([fs.mkdir(dir, { recursive: true }), fs.mkdir(partial, { recursive: true })]).catch((error: unknown) => {
      folders = null;
      throw error;
    }));
  // Written beside the outbox, then renamed in: a reader never sees a half-written message.
  const writeIn = async (name: string, raw: Buffer) => {
    await makeFolders();
    await fs.writeFile(path.join(partial, name), raw);
    await fs.rename(path.join(partial, name), path.join(dir, name));
  };
  return {
    kind: 'outbox',
    async send(message) {
      const info = await transport.sendMail(sendOptions(config, message));
      const raw = Buffer.isBuffer(info.message) ? info.message : Buffer.from(String(info.message));
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const name = `${stamp}-${crypto.randomBytes(4).toString('hex')}.eml`;
      try {
        await writeIn(name, raw);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        folders = null;
        await writeIn(name, raw);
      }
      const file = path.join(dir, name);
      log.info(`Mail "${message.subject}" written to ${file} (SMTP_URL is not set).`);
      for (const link of message.text.match(/https?:\/\/\S+/g) ?? []) log.info(`  link in that mail: ${link}`);
    },
    close: () => transport.close(),
  };
}
