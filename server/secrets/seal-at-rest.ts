/**
 * Brings every stored secret under the current key, at each start (after migrations) and by
 * `npm run rotate-secrets`: two-factor secrets left in plain text by an older version are sealed,
 * values sealed with a previous key (SECRETS_KEY_PREVIOUS, or a second line in the key file) are
 * sealed again with the current one, and undelivered one-time-link mails likewise. Idempotent: a
 * second run finds nothing to do. A value no available key opens is counted and left as it is.
 */
import type { Queryable } from '../db/database';
import type { SecretBox } from './secret-box';
import { totpContext } from '../auth/two-factor';
import { MAIL_HEADERS_CONTEXT, MAIL_HTML_CONTEXT, MAIL_TEXT_CONTEXT, SECRET_REMOVED_BODY } from '../mail/mail-queue';
import { purgeMailSecrets } from '../mail/purge-secrets';
import { resealLinkKey } from '../consent';
import { resealDocumentKeys } from '../applications/document-keys';

export interface SealReport {
  /** Values sealed (from plain text) or sealed again (from a previous key). */
  sealed: number;
  /** Of those, values that were plain text (left by a version before encryption), by table. */
  fromPlain: { users: number; mail_queue: number };
  /** Values that no available key opens (the key that sealed them is missing). */
  unreadable: number;
}

interface TotpRow {
  id: string;
  totp_secret: string | null;
  totp_pending_secret: string | null;
}

interface MailRow {
  id: string;
  text_body: string;
  html_body: string;
  sealed_headers: string | null;
}

/** The value under the current key, or null when it already is (or cannot be opened: counted). */
function underCurrentKey(
  box: SecretBox,
  value: string | null,
  context: string,
  report: SealReport,
  table: keyof SealReport['fromPlain'],
): string | null {
  if (value === null || box.isCurrent(value)) return null;
  if (!box.isSealed(value)) {
    report.fromPlain[table] += 1;
    return box.seal(value, context);
  }
  try {
    return box.reseal(value, context);
  } catch {
    report.unreadable += 1;
    return null;
  }
}

export async function sealSecretsAtRest(db: Queryable, box: SecretBox): Promise<SealReport> {
  const report: SealReport = { sealed: 0, fromPlain: { users: 0, mail_queue: 0 }, unreadable: 0 };
  const current = `enc1:${box.keyId}:%`;
  const users = await db.query<TotpRow>(
    `SELECT id, totp_secret, totp_pending_secret FROM users
      WHERE (totp_secret IS NOT NULL AND totp_secret NOT LIKE $1)
         OR (totp_pending_secret IS NOT NULL AND totp_pending_secret NOT LIKE $1)`,
    [current],
  );
  for (const row of users.rows) {
    const context = totpContext(row.id);
    const secret = underCurrentKey(box, row.totp_secret, context, report, 'users');
    const pending = underCurrentKey(box, row.totp_pending_secret, context, report, 'users');
    if (secret === null && pending === null) continue;
    // Only if unchanged meanwhile (an enrolment, another instance starting): never undo a newer value.
    const result = await db.query(
      `UPDATE users SET totp_secret = COALESCE($2, totp_secret), totp_pending_secret = COALESCE($3, totp_pending_secret)
        WHERE id = $1 AND totp_secret IS NOT DISTINCT FROM $4 AND totp_pending_secret IS NOT DISTINCT FROM $5`,
      [row.id, secret, pending, row.totp_secret, row.totp_pending_secret],
    );
    report.sealed += (result.rowCount ?? 0) * ((secret === null ? 0 : 1) + (pending === null ? 0 : 1));
  }

  // Delivered or expired link mails lose their bodies first; what is left still has to be sent.
  await purgeMailSecrets(db);
  const mails = await db.query<MailRow>(
    `SELECT id, text_body, html_body, envelope->>'sealedHeaders' AS sealed_headers FROM mail_queue
      WHERE secret_expires_at IS NOT NULL AND sent_at IS NULL AND next_attempt_at <> 'infinity'::timestamptz
        AND text_body <> $2 AND (text_body NOT LIKE $1 OR html_body NOT LIKE $1 OR envelope->>'sealedHeaders' NOT LIKE $1)`,
    [current, SECRET_REMOVED_BODY],
  );
  for (const row of mails.rows) {
    const text = underCurrentKey(box, row.text_body, MAIL_TEXT_CONTEXT, report, 'mail_queue');
    const html = underCurrentKey(box, row.html_body, MAIL_HTML_CONTEXT, report, 'mail_queue');
    const headers = underCurrentKey(box, row.sealed_headers, MAIL_HEADERS_CONTEXT, report, 'mail_queue');
    if (text === null && html === null && headers === null) continue;
    const result = await db.query(
      `UPDATE mail_queue SET text_body = COALESCE($2, text_body), html_body = COALESCE($3, html_body),
              envelope = CASE WHEN $6::text IS NULL THEN envelope ELSE jsonb_set(envelope, '{sealedHeaders}', to_jsonb($6::text)) END
        WHERE id = $1 AND sent_at IS NULL AND text_body = $4 AND html_body = $5`,
      [row.id, text, html, row.text_body, row.html_body, headers],
    );
    const changed = (text === null ? 0 : 1) + (html === null ? 0 : 1) + (headers === null ? 0 : 1);
    report.sealed += (result.rowCount ?? 0) * changed;
  }
  // The key of consent and unsubscribe links in sent mails (server/consent/link-key.ts).
  const linkKey = await resealLinkKey(db, box);
  report.sealed += linkKey.sealed;
  report.unreadable += linkKey.unreadable;
  // The data keys of applicants' documents (server/applications/document-keys.ts).
  const documentKeys = await resealDocumentKeys(db, box);
  report.sealed += documentKeys.sealed;
  report.unreadable += documentKeys.unreadable;
  return report;
}
