/** Opaque secrets (session and reset tokens): 256 random bits out, only their SHA-256 stored. */
import crypto from 'node:crypto';

export function newToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

export function hashToken(token: string): Buffer {
  return crypto.createHash('sha256').update(token, 'utf8').digest();
}

/** A 24-hex id in the seed's style. */
export function newId(): string {
  return crypto.randomBytes(12).toString('hex');
}
