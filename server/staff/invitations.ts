/**
 * Inviting a staff member: an account with no usable password and a single-use set-password link
 * (the reset link's mechanism, purpose 'invite', a longer life), e-mailed through the mail queue
 * in the same transaction as the account, so neither exists without the other.
 */
import type { Database } from '../db/database';
import type { Mailer } from '../mail/mailer';
import type { StaffRole } from '../../src/crm-contract';
import { Conflict } from '../domain-errors';
import { hashToken, newId, newToken } from '../auth/tokens';
import { normalizeEmail } from '../auth/users';
import { invitationMail } from './staff-mails';
import { recordAudit, type AuditWho } from '../audit/audit-log';

export const INVITE_LINK_HOURS = 72;
export const EMAIL_TAKEN_MESSAGE = 'There is already a staff account with this e-mail address.';
/**
 * Never a valid argon2 hash: verification fails until the invited person chooses a password (and
 * costs the same time as a wrong password, see verifyPassword). `password_set = false` is what
 * says the account has no password of its own yet (migration 013).
 */
const NO_PASSWORD_YET = 'invited:no-password-yet';

export function invitationLink(siteUrl: string, userId: string, token: string): string {
  return `${siteUrl}/crm/welcome/${encodeURIComponent(userId)}/${encodeURIComponent(token)}`;
}

export async function inviteStaff(
  db: Database,
  mailer: Mailer,
  siteUrl: string,
  input: { name: string; email: string; role: StaffRole; invitedBy: string },
  who?: AuditWho,
): Promise<string> {
  const id = newId();
  const token = newToken();
  const email = normalizeEmail(input.email);
  await db.transaction(async (client) => {
    const { rowCount } = await client.query(
      `INSERT INTO users (id, name, email, password_hash, role, password_set) VALUES ($1, $2, $3, $4, $5, false) ON CONFLICT DO NOTHING`,
      [id, input.name, email, NO_PASSWORD_YET, input.role],
    );
    if (rowCount !== 1) throw new Conflict(EMAIL_TAKEN_MESSAGE);
    await client.query(
      `INSERT INTO password_resets (token_hash, user_id, expires_at, purpose)
       VALUES ($1, $2, now() + make_interval(hours => $3), 'invite')`,
      [hashToken(token), id, INVITE_LINK_HOURS],
    );
    await mailer.enqueue(
      client,
      invitationMail({
        to: email,
        name: input.name,
        invitedBy: input.invitedBy,
        role: input.role,
        link: invitationLink(siteUrl, id, token),
        validHours: INVITE_LINK_HOURS,
        expiresAt: new Date(Date.now() + INVITE_LINK_HOURS * 3_600_000),
      }),
    );
    if (who) await recordAudit(client, { ...who, action: 'staff.invited', details: { target_id: id, email, role: input.role } });
  });
  return id;
}
