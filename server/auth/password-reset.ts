/**
 * Password reset: a single-use link, valid for an hour, e-mailed to a registered address.
 * Only the SHA-256 of the link's token is stored. The e-mail is queued in the same transaction as
 * the token, so a link is never stored without its message (or the reverse).
 */
import type { Database, Queryable } from '../db/database';
import type { Mailer } from '../mail/mailer';
import { resetPasswordMail } from '../mail/templates';
import { hashToken, newToken } from './tokens';
import { hashPassword } from './passwords';
import { revokeAllSessions } from './sessions';
import { findUserByEmail } from './users';
import { ACTIVE_STATUS } from '../staff/account-status';

export const RESET_LINK_MINUTES = 60;
export const RESET_LINK_INVALID = 'This password reset link is invalid or has expired.';
/** At most this many live links per account at a time, so nobody can flood a colleague's inbox. */
export const MAX_LIVE_LINKS = 3;

export function resetLink(siteUrl: string, userId: string, token: string): string {
  return `${siteUrl}/crm/password-reset/${encodeURIComponent(userId)}/${encodeURIComponent(token)}`;
}

/** What a reset request did, for the log only: the answer is the same in every case. */
export type ResetRequestOutcome = 'sent' | 'unknown' | 'inactive' | 'limit';

/**
 * Creates a link and queues its e-mail when the address belongs to an active account. An inactive
 * (deactivated) account gets no link: reactivating it must not bring a link back to life (issue 35).
 */
export async function requestPasswordReset(db: Database, mailer: Mailer, siteUrl: string, email: string): Promise<ResetRequestOutcome> {
  const user = await findUserByEmail(db.pool, email);
  if (!user) return 'unknown';
  const token = newToken();
  return db.transaction(async (client): Promise<ResetRequestOutcome> => {
    // Under the account's row lock, so a deactivation committing meanwhile is seen (it ends links too).
    const status = await client.query<{ status: number }>('SELECT status FROM users WHERE id = $1 FOR SHARE', [user._id]);
    if (status.rows[0]?.status !== ACTIVE_STATUS) return 'inactive';
    const { rows } = await client.query<{ n: string }>(
      'SELECT count(*) AS n FROM password_resets WHERE user_id = $1 AND used_at IS NULL AND expires_at > now()',
      [user._id],
    );
    if (Number(rows[0]?.n ?? 0) >= MAX_LIVE_LINKS) return 'limit';
    await client.query(
      `INSERT INTO password_resets (token_hash, user_id, expires_at)
       VALUES ($1, $2, now() + make_interval(mins => $3))`,
      [hashToken(token), user._id, RESET_LINK_MINUTES],
    );
    await mailer.enqueue(
      client,
      resetPasswordMail({
        to: user.email,
        name: user.name,
        link: resetLink(siteUrl, user._id, token),
        validMinutes: RESET_LINK_MINUTES,
        expiresAt: new Date(Date.now() + RESET_LINK_MINUTES * 60_000),
      }),
    );
    return 'sent';
  });
}

/**
 * Ends every outstanding link (reset or invitation) of an account. Called in the transaction that
 * changes its password (own change, a completed reset) or deactivates it.
 */
export async function endResetLinks(db: Queryable, userId: string): Promise<void> {
  await db.query('UPDATE password_resets SET used_at = now() WHERE user_id = $1 AND used_at IS NULL', [userId]);
}

/**
 * A live link: unused, unexpired, of an active account, and issued no earlier than the account's
 * last password change. The last condition also ends a link whose request raced a password change
 * (committed after endResetLinks ran): its transaction began before the change's, so its created_at
 * is older. An inactive account's links never work, whatever a race left behind.
 */
const LIVE_LINK = /* sql */ `
  token_hash = $1 AND user_id = $2 AND used_at IS NULL AND expires_at > now()
  AND (SELECT u.status FROM users u WHERE u.id = $2) = ${ACTIVE_STATUS}
  AND created_at >= (SELECT u.password_changed_at FROM users u WHERE u.id = $2)`;

/** True for a link that exists, belongs to this user and is live (see LIVE_LINK). */
export async function isResetLinkLive(db: Queryable, userId: string, token: string): Promise<boolean> {
  const { rows } = await db.query(`SELECT 1 FROM password_resets WHERE ${LIVE_LINK}`, [hashToken(token), userId]);
  return rows.length > 0;
}

/**
 * Sets a new password through a link. In one transaction: the link is consumed (a concurrent
 * second use finds it already used), the password changes, every other link of the user ends and
 * every session of the user ends. Returns false for an unknown, used or expired link.
 */
export async function completePasswordReset(db: Database, userId: string, token: string, newPassword: string): Promise<boolean> {
  // A cheap look first, so that made-up links cost no argon2 work.
  if (!(await isResetLinkLive(db.pool, userId, token))) return false;
  // Hash outside the transaction: argon2 takes tens of milliseconds and must not hold a connection.
  const passwordHash = await hashPassword(newPassword);
  return db.transaction(async (client) => {
    const { rows } = await client.query<{ user_id: string }>(
      `UPDATE password_resets SET used_at = now() WHERE ${LIVE_LINK} RETURNING user_id`,
      [hashToken(token), userId],
    );
    if (!rows[0]) return false;
    // An invitee's first password makes the account a real one (it now counts as an admin).
    await client.query('UPDATE users SET password_hash = $2, password_changed_at = now(), password_set = true WHERE id = $1', [
      userId,
      passwordHash,
    ]);
    await endResetLinks(client, userId);
    await revokeAllSessions(client, userId);
    return true;
  });
}
