/**
 * The applicant's sign-in link (issue 33): single use, valid 15 minutes, only its SHA-256 stored,
 * queued sealed with its mail in one transaction. Every address gets the same answer whether or
 * not it is known; per address at most LINKS_PER_HOUR are sent (more are dropped silently, so the
 * answer does not tell), and the route limits each client (applicant-routes.ts).
 * The token travels in the link's fragment (#token=…), so it never reaches a server log or a Referer.
 */
import type { AppContext } from '../context';
import type { Queryable } from '../db/database';
import { hashToken, newToken } from '../auth/tokens';
import { normalizeEmail } from '../auth/users';
import { signInLinkMail } from './applicant-mails';
import { recordApplicationStep } from './application-events';

export const LINK_MINUTES = 15;
export const LINKS_PER_HOUR = 5;

export type LinkOutcome = 'sent' | 'limit';

export function signInLinkUrl(siteUrl: string, token: string): string {
  return `${siteUrl}/apply/sign-in#token=${token}`;
}

export interface LinkRequest {
  email: string;
  /** The program the link was asked from (a program page, the lead's course), if any. */
  courseId: string | null;
}

export interface LinkSender {
  /** A staff member sending it from a lead page; recorded on that lead's timeline. */
  byUserId: string;
  leadId: string;
}

export async function sendSignInLink(ctx: AppContext, request: LinkRequest, sender?: LinkSender): Promise<LinkOutcome> {
  const email = normalizeEmail(request.email);
  const token = newToken();
  return ctx.db.transaction(async (tx): Promise<LinkOutcome> => {
    // Serialises requests for one address, so two at once cannot both pass the count.
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`applicant-link:${email}`]);
    const { rows } = await tx.query<{ n: string }>(
      `SELECT count(*) AS n FROM applicant_links WHERE lower(email) = $1 AND created_at > now() - interval '1 hour'`,
      [email],
    );
    if (Number(rows[0]?.n ?? 0) >= LINKS_PER_HOUR) return 'limit';
    const expiresAt = new Date(ctx.now().getTime() + LINK_MINUTES * 60_000);
    await tx.query(
      `INSERT INTO applicant_links (token_hash, email, course_id, expires_at) VALUES ($1, $2, $3, now() + make_interval(mins => $4))`,
      [hashToken(token), email, request.courseId, LINK_MINUTES],
    );
    await ctx.mailer.enqueue(
      tx,
      signInLinkMail({ to: email, link: signInLinkUrl(ctx.config.siteUrl, token), validMinutes: LINK_MINUTES, expiresAt }),
    );
    if (sender) {
      await recordApplicationStep(tx, {
        leadId: sender.leadId,
        applicationId: '',
        action: 'link_sent',
        text: 'Application link e-mailed to the lead',
        byUserId: sender.byUserId,
      });
    }
    return 'sent';
  });
}

/** Uses a link once: its address and program, or null for an unknown, used or expired link. */
export async function consumeSignInLink(tx: Queryable, token: string): Promise<{ email: string; courseId: string | null } | null> {
  const { rows } = await tx.query<{ email: string; course_id: string | null }>(
    `UPDATE applicant_links SET used_at = now()
      WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()
     RETURNING email, course_id`,
    [hashToken(token)],
  );
  const row = rows[0];
  return row ? { email: row.email, courseId: row.course_id?.trim() ?? null } : null;
}
