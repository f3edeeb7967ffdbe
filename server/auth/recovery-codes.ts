/**
 * Recovery codes: ten single-use codes shown once when two-factor sign-in is turned on, for a
 * lost phone. Each carries 50 random bits, so SHA-256 is enough to store them (like tokens): only
 * the hashes are kept, and a used code is marked, never reusable.
 */
import crypto from 'node:crypto';
import type { Queryable } from '../db/database';

export const RECOVERY_CODE_COUNT = 10;
/** Crockford-like base32 without look-alikes (no i, l, o, u). */
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

/** "xxxxx-xxxxx": 10 characters of 5 bits each. */
function newRecoveryCode(): string {
  const bytes = crypto.randomBytes(10);
  const chars = [...bytes].map((byte) => ALPHABET[byte & 31]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** How a typed code is compared: case, spaces and dashes do not matter. */
export function normalizeRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '');
}

export function looksLikeRecoveryCode(code: string): boolean {
  return /^[0-9a-z]{10}$/.test(normalizeRecoveryCode(code));
}

function hashRecoveryCode(code: string): Buffer {
  return crypto.createHash('sha256').update(normalizeRecoveryCode(code), 'utf8').digest();
}

/** Replaces the account's codes with a new set and returns them (the only time they are seen). */
export async function replaceRecoveryCodes(db: Queryable, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.query('DELETE FROM recovery_codes WHERE user_id = $1', [userId]);
  await db.query('INSERT INTO recovery_codes (user_id, code_hash) SELECT $1, unnest($2::bytea[])', [userId, codes.map(hashRecoveryCode)]);
  return codes;
}

/** Uses up one code; false when it is wrong or was used before (one UPDATE, so never twice). */
export async function consumeRecoveryCode(db: Queryable, userId: string, code: string): Promise<boolean> {
  if (!looksLikeRecoveryCode(code)) return false;
  const result = await db.query('UPDATE recovery_codes SET used_at = now() WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL', [
    userId,
    hashRecoveryCode(code),
  ]);
  return (result.rowCount ?? 0) === 1;
}

export async function countUnusedRecoveryCodes(db: Queryable, userId: string): Promise<number> {
  const { rows } = await db.query<{ n: string }>('SELECT count(*) AS n FROM recovery_codes WHERE user_id = $1 AND used_at IS NULL', [
    userId,
  ]);
  return Number(rows[0]?.n ?? 0);
}
