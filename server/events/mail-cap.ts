/**
 * At most one registration mail per MAIL_CAP_HOURS to a mailbox that has not confirmed a place
 * (seat-holds.ts explains why), across all events and instances: `registration_mail_caps` holds the
 * mailbox's SHA-256 (server/leads/confirmation-limit.ts recipientKey) and when it was last mailed.
 */
import type { Queryable } from '../db/database';

export const MAIL_CAP_HOURS = 24;

/**
 * Claims the day's registration mail of a mailbox: true when none was sent to it within the cap.
 * `$1` the mailbox key (hex), `$2` now. Written as one statement so two instances claim it once.
 */
export const CLAIM_MAIL_SQL = /* sql */ `
  INSERT INTO registration_mail_caps AS c (address_hash, sent_at) VALUES (decode($1, 'hex'), $2)
  ON CONFLICT (address_hash) DO UPDATE SET sent_at = excluded.sent_at
   WHERE c.sent_at <= excluded.sent_at - make_interval(hours => ${MAIL_CAP_HOURS})
  RETURNING 1`;

export async function claimRegistrationMail(tx: Queryable, emailKey: string, now: Date): Promise<boolean> {
  const { rowCount } = await tx.query(CLAIM_MAIL_SQL, [emailKey, now]);
  return (rowCount ?? 0) > 0;
}

/** Forgets caps older than the interval (the housekeeping job calls it). */
export async function purgeOldMailCaps(db: Queryable): Promise<number> {
  const result = await db.query('DELETE FROM registration_mail_caps WHERE sent_at <= now() - make_interval(hours => $1)', [MAIL_CAP_HOURS]);
  return result.rowCount ?? 0;
}
