/**
 * No usable one-time link rests in the mail queue: a mail whose link has expired before it could
 * be delivered is withdrawn (bodies blanked, never retried), and any delivered one still holding
 * its bodies (sent by an older version) is blanked too. The worker blanks bodies at delivery.
 */
import type { Queryable } from '../db/database';
import { SECRET_REMOVED_BODY } from './mail-queue';

export const WITHDRAWN_ERROR = 'withdrawn: its one-time link expired before it could be delivered';

export async function purgeMailSecrets(db: Queryable): Promise<number> {
  const result = await db.query(
    `UPDATE mail_queue
        SET text_body = $1, html_body = $1, envelope = envelope - 'sealedHeaders',
            next_attempt_at = CASE WHEN sent_at IS NULL THEN 'infinity'::timestamptz ELSE next_attempt_at END,
            last_error = CASE WHEN sent_at IS NULL THEN $2 ELSE last_error END
      WHERE secret_expires_at IS NOT NULL
        AND text_body <> $1
        AND (sent_at IS NOT NULL OR secret_expires_at <= now())`,
    [SECRET_REMOVED_BODY, WITHDRAWN_ERROR],
  );
  return result.rowCount ?? 0;
}
