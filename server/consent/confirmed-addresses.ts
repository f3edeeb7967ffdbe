/**
 * Mailboxes that proved they are their owner's by completing a link the college sent them (an
 * opt-in on the consent page, "Confirm my place" on a registration). A registration from a
 * confirmed mailbox holds its seat for good and is mailed freely; one from an unconfirmed mailbox
 * holds its seat until it is confirmed or its hold runs out (server/events/seat-holds.ts), and it
 * is mailed at most once a day (registration_mail_caps). Kept as SHA-256 of the mailbox
 * (confirmation-limit.ts: lower-cased, "+tag" dropped), never the address.
 */
import type { Queryable } from '../db/database';
import { recipientKey } from '../leads/confirmation-limit';

/**
 * Records the mailbox as confirmed and confirms every seat it holds (one statement). Returns how
 * many held registrations it confirmed.
 */
export async function confirmAddress(db: Queryable, email: string): Promise<number> {
  const key = recipientKey(email);
  const { rows } = await db.query<{ confirmed: string }>(
    `WITH mailbox AS (
       INSERT INTO confirmed_addresses (address_hash) VALUES (decode($1, 'hex')) ON CONFLICT (address_hash) DO NOTHING
     ), held AS (
       UPDATE event_registrations SET confirm_by = NULL WHERE email_key = $1 AND confirm_by IS NOT NULL RETURNING id
     )
     SELECT count(*)::text AS confirmed FROM held`,
    [key],
  );
  return Number(rows[0]?.confirmed ?? 0);
}
