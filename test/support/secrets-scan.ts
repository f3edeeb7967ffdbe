/**
 * For the secrets-at-rest tests: the one-time links a test captured from the SMTP sink, and scans
 * that look for them as bytes in every file of a folder, or as text in every row of every table.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Queryable } from '../../server/db/database';
import type { ReceivedMail } from './smtp';
import type { SecretBox } from '../../server/secrets/secret-box';
import { MAIL_HTML_CONTEXT, MAIL_TEXT_CONTEXT } from '../../server/mail/mail-queue';

export interface CapturedLink {
  kind: 'password-reset' | 'welcome';
  userId: string;
  token: string;
}

/** The links in a delivered message (quoted-printable soft line breaks undone first). */
export function linksIn(mail: ReceivedMail): CapturedLink[] {
  const raw = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/gi, '=');
  const found = new Map<string, CapturedLink>();
  for (const match of raw.matchAll(/\/crm\/(password-reset|welcome)\/([0-9a-f]{24})\/([A-Za-z0-9_-]{43})/g)) {
    const [, kind, userId, token] = match;
    if (kind && userId && token) found.set(token, { kind: kind as CapturedLink['kind'], userId, token });
  }
  return [...found.values()];
}

export function filesUnder(folder: string): string[] {
  return fs
    .readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** Each needle found in a file under `folder`, as "needle in file". */
export function findInFiles(folder: string, needles: readonly string[]): string[] {
  const hits: string[] = [];
  for (const file of filesUnder(folder)) {
    const bytes = fs.readFileSync(file);
    for (const needle of needles) {
      if (bytes.includes(Buffer.from(needle, 'utf8'))) hits.push(`${needle} in ${path.relative(folder, file)}`);
    }
  }
  return hits;
}

/** Every row of every table of the database's schema, as text. */
export async function allRowsAsText(db: Queryable): Promise<string> {
  const { rows: tables } = await db.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables
      WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const parts: string[] = [];
  for (const { table_name: table } of tables) {
    const { rows } = await db.query<{ row: string }>(`SELECT t::text AS row FROM "${table}" t`);
    parts.push(`${table}: ${rows.map((r) => r.row).join('\n')}`);
  }
  return parts.join('\n');
}

/** Each needle found in the text, as "needle in <table>". */
export function findInText(text: string, needles: readonly string[]): string[] {
  return needles.filter((needle) => text.includes(needle));
}

/** A queued mail row with its bodies opened when sealed (a mail with a link rests sealed: server/mail/mail-queue.ts). */
export function openedBodies<T extends { text_body: string; html_body: string }>(box: SecretBox, row: T): T {
  return {
    ...row,
    text_body: box.isSealed(row.text_body) ? box.open(row.text_body, MAIL_TEXT_CONTEXT) : row.text_body,
    html_body: box.isSealed(row.html_body) ? box.open(row.html_body, MAIL_HTML_CONTEXT) : row.html_body,
  };
}
