/**
 * IMAP_URL read into what imapflow needs: `imaps://user:pass@host:993/INBOX` (TLS) or
 * `imap://…` (plain, or STARTTLS when the server offers it); the path names the mailbox (INBOX
 * when empty). The password stays here: the mailbox's name for the database, logs and the CRM
 * (`user@host/INBOX`) never includes it.
 */
export interface ImapSettings {
  host: string;
  port: number;
  secure: boolean;
  user: string;
  pass: string;
  mailbox: string;
  /** `user@host/INBOX`: the mailbox's key in the database and its name in messages. */
  label: string;
}

export function imapSettings(imapUrl: string): ImapSettings {
  const url = new URL(imapUrl);
  const secure = url.protocol === 'imaps:';
  const user = decodeURIComponent(url.username);
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const mailbox = decodeURIComponent(url.pathname.replace(/^\//, '')) || 'INBOX';
  return {
    host,
    port: url.port ? Number(url.port) : secure ? 993 : 143,
    secure,
    user,
    pass: decodeURIComponent(url.password),
    mailbox,
    label: `${user}@${host}/${mailbox}`,
  };
}

/** An error's message with the password taken out, should a server or library ever echo it. */
export function withoutPassword(settings: Pick<ImapSettings, 'pass'>, text: string): string {
  const cleaned = settings.pass ? text.split(settings.pass).join('***') : text;
  return cleaned.slice(0, 500);
}
