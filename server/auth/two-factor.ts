/**
 * An account's two-factor state: enrolment (a pending secret, confirmed by a first valid code),
 * checking a code at sign-in (TOTP or a recovery code), turning it off, and the college-wide rule
 * that every account must use it. Secrets are stored sealed (server/secrets/), bound to the account.
 */
import type { Database, Queryable } from '../db/database';
import type { SecretBox } from '../secrets/secret-box';
import { acceptTotpCode, newTotpSecret } from './totp';
import type { TwoFactorStatus } from '../../src/contract';
import { roleOf } from '../staff/staff-store';
import { consumeRecoveryCode, countUnusedRecoveryCodes, looksLikeRecoveryCode, replaceRecoveryCodes } from './recovery-codes';

export type { TwoFactorStatus } from '../../src/contract';

interface TotpRow {
  totp_secret: string | null;
  totp_pending_secret: string | null;
  totp_last_step: string;
}

/** Authenticated with each sealed TOTP secret: it opens only on its own account's row. */
export function totpContext(userId: string): string {
  return `totp:${userId}`;
}

/** A stored secret in base32; one left in plain text by an older version opens as itself. */
function openTotp(box: SecretBox, userId: string, stored: string): string {
  return box.isSealed(stored) ? box.open(stored, totpContext(userId)) : stored;
}

async function totpRow(db: Queryable, userId: string): Promise<TotpRow | null> {
  const { rows } = await db.query<TotpRow>('SELECT totp_secret, totp_pending_secret, totp_last_step FROM users WHERE id = $1', [userId]);
  return rows[0] ?? null;
}

export async function isTwoFactorRequired(db: Queryable): Promise<boolean> {
  const { rows } = await db.query<{ require_two_factor: boolean }>('SELECT require_two_factor FROM security_settings');
  return rows[0]?.require_two_factor ?? false;
}

export async function setTwoFactorRequired(db: Queryable, required: boolean): Promise<void> {
  await db.query('UPDATE security_settings SET require_two_factor = $1', [required]);
}

export async function twoFactorStatus(db: Queryable, userId: string): Promise<TwoFactorStatus> {
  const row = await totpRow(db, userId);
  return {
    enabled: Boolean(row?.totp_secret),
    required: await isTwoFactorRequired(db),
    recoveryCodesLeft: await countUnusedRecoveryCodes(db, userId),
    canSetRequirement: (await roleOf(db, userId)) === 'admin',
  };
}

export async function hasTwoFactor(db: Queryable, userId: string): Promise<boolean> {
  return Boolean((await totpRow(db, userId))?.totp_secret);
}

/** Starts (or restarts) enrolment: a new pending secret, not yet used for sign-in. */
export async function beginEnrolment(db: Queryable, box: SecretBox, userId: string): Promise<string> {
  const secret = newTotpSecret();
  await db.query('UPDATE users SET totp_pending_secret = $2 WHERE id = $1', [userId, box.seal(secret, totpContext(userId))]);
  return secret;
}

/**
 * Confirms enrolment with a code from the app: the pending secret becomes the account's, and a
 * fresh set of recovery codes is returned. Null when there is no pending secret or the code is wrong.
 */
export async function confirmEnrolment(db: Database, box: SecretBox, userId: string, code: string): Promise<string[] | null> {
  return db.transaction(async (client) => {
    const { rows } = await client.query<TotpRow>(
      'SELECT totp_secret, totp_pending_secret, totp_last_step FROM users WHERE id = $1 FOR UPDATE',
      [userId],
    );
    const row = rows[0];
    if (!row?.totp_pending_secret) return null;
    const step = acceptTotpCode(openTotp(box, userId, row.totp_pending_secret), code, 0);
    if (step === null) return null;
    await client.query(
      `UPDATE users SET totp_secret = totp_pending_secret, totp_pending_secret = NULL, totp_last_step = $2
        WHERE id = $1`,
      [userId, step],
    );
    return replaceRecoveryCodes(client, userId);
  });
}

export async function disableTwoFactor(db: Database, userId: string): Promise<void> {
  await db.transaction(async (client) => {
    await client.query('UPDATE users SET totp_secret = NULL, totp_pending_secret = NULL, totp_last_step = 0 WHERE id = $1', [userId]);
    await client.query('DELETE FROM recovery_codes WHERE user_id = $1', [userId]);
  });
}

export type SecondFactor = 'totp' | 'recovery-code';

/**
 * Checks a code typed at sign-in: six digits are an authenticator code (each accepted once),
 * ten letters and digits a recovery code (used up). Null when neither fits.
 */
export async function verifySecondFactor(db: Queryable, box: SecretBox, userId: string, code: string): Promise<SecondFactor | null> {
  if (looksLikeRecoveryCode(code)) return (await consumeRecoveryCode(db, userId, code)) ? 'recovery-code' : null;
  const row = await totpRow(db, userId);
  if (!row?.totp_secret) return null;
  const step = acceptTotpCode(openTotp(box, userId, row.totp_secret), code, Number(row.totp_last_step));
  if (step === null) return null;
  // Conditional on the step, so two requests racing with the same code cannot both pass.
  const result = await db.query('UPDATE users SET totp_last_step = $2 WHERE id = $1 AND totp_last_step < $2', [userId, step]);
  return (result.rowCount ?? 0) === 1 ? 'totp' : null;
}
