/**
 * The lead confirmation (auto-reply) goes to whatever address the form was given, so without a
 * limit anyone could make the college mail a stranger over and over. It goes to one address at
 * most once per CONFIRMATION_INTERVAL_HOURS, across every instance: the lead notifier claims the
 * address in `lead_confirmations` in the statement that queues the mail (lead-notifier.ts). The
 * table holds a SHA-256 of the normalised address, never the address itself.
 */
import crypto from 'node:crypto';
import type { Queryable } from '../db/database';

export const CONFIRMATION_INTERVAL_HOURS = 24;

/**
 * One mailbox, one key: case and surrounding spaces ignored, and a "+tag" in the local part
 * dropped (most providers deliver user+anything@ to user@, which would otherwise give an
 * attacker a fresh address per lead).
 */
export function normalizeRecipient(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at <= 0) return address;
  const local = address.slice(0, at).replace(/\+.*$/, '');
  return `${local || address.slice(0, at)}${address.slice(at)}`;
}

/** The key a recipient is counted under, as hex (the notifier's statement decodes it). */
export function recipientKey(email: string): string {
  return crypto.createHash('sha256').update(normalizeRecipient(email)).digest('hex');
}

/** Forgets confirmations older than the interval (the housekeeping job calls it). */
export async function purgeOldConfirmations(db: Queryable): Promise<number> {
  const result = await db.query('DELETE FROM lead_confirmations WHERE sent_at <= now() - make_interval(hours => $1)', [
    CONFIRMATION_INTERVAL_HOURS,
  ]);
  return result.rowCount ?? 0;
}
