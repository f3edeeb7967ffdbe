/** Deterministic 24-hex ids for seed rows, so every start inserts the same rows (idempotent). */
import crypto from 'node:crypto';

export function seedId(stableKey: string): string {
  return crypto.createHash('sha1').update(stableKey).digest('hex').slice(0, 24);
}
