/**
 * Attaching a stored reply to its lead, inside the caller's transaction: the timeline event (kind
 * `reply`), the lead's `last_reply_at` (sequences stop on it) and an e-mail to the lead's owner.
 * The poller calls it for a reply it matched, staff for one they picked from the Unmatched list.
 */
import type { Config } from '../config';
import type { Queryable } from '../db/database';
import type { Mailer } from '../mail/mailer';
import { replyNoticeMail } from './reply-notice';
import { recordLeadEvent } from '../timeline/lead-events';

export interface AttachInput {
  replyId: string;
  leadId: string;
  /** The staff member who attached it by hand; null when the poller matched it. */
  actorId: string | null;
  subject: string;
  from: string;
  /** When the reply arrived: the lead counts as replied from then. */
  receivedAt: Date;
}

export interface AttachServices {
  mailer: Pick<Mailer, 'enqueue'>;
  /** Read when a notice is written (a test server learns its port after start). */
  config: Pick<Config, 'siteUrl'>;
}

export async function attachReply(client: Queryable, services: AttachServices, input: AttachInput): Promise<void> {
  await recordLeadEvent(client, {
    kind: 'reply',
    leadId: input.leadId,
    actorId: input.actorId,
    detail: { reply_id: input.replyId, subject: input.subject, from: input.from },
  });
  // Not a change of the record staff edit: no version bump, so nobody's open form turns stale.
  const { rows } = await client.query<{ email: string | null; owner_id: string | null }>(
    `UPDATE leads l SET last_reply_at = GREATEST(l.last_reply_at, $2::timestamptz)
      WHERE l.id = $1
      RETURNING (SELECT u.email FROM users u WHERE u.id = l.owner_id AND u.status = 1) AS email, l.owner_id`,
    [input.leadId, input.receivedAt],
  );
  const owner = rows[0];
  // The owner who attached it by hand already knows.
  if (owner?.email && owner.owner_id?.trim() !== input.actorId) {
    await services.mailer.enqueue(client, replyNoticeMail(owner.email, services.config.siteUrl, input.leadId));
  }
}
