/**
 * Seals a secret for the database with AES-256-GCM (node:crypto) under a key kept outside it
 * (server/secrets/secret-key.ts). A sealed value is text: `enc1:<key id>:<base64url of iv, tag,
 * ciphertext>`; the key id (from the key's hash) says which key opens it, so a rotation can open
 * old values with the previous key. The context (for example "totp:<user id>") is authenticated
 * with it, so a sealed value copied to another row or column does not open there.
 */
import crypto from 'node:crypto';
import type { SecretKeys } from './secret-key';

const PREFIX = 'enc1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class SecretBoxError extends Error {}

export interface SecretBox {
  /** The id of the key that seals, as it appears in sealed values. */
  readonly keyId: string;
  seal(plain: string, context: string): string;
  open(sealed: string, context: string): string;
  /** Sealed at all (else plain text left from before encryption). */
  isSealed(value: string): boolean;
  /** Sealed with the key that seals now (else a rotation re-seals it). */
  isCurrent(value: string): boolean;
  /** Opens with whichever key sealed it, seals again with the current key. */
  reseal(sealed: string, context: string): string;
}

export function keyIdOf(key: Buffer): string {
  return crypto.createHash('sha256').update('college-secrets-key-id:').update(key).digest('hex').slice(0, 12);
}

function parts(value: string): { keyId: string; body: Buffer } | null {
  const match = /^enc1:([0-9a-f]{12}):([A-Za-z0-9_-]+)$/.exec(value);
  if (!match?.[1] || !match[2]) return null;
  return { keyId: match[1], body: Buffer.from(match[2], 'base64url') };
}

export function createSecretBox(keys: Pick<SecretKeys, 'current' | 'previous'>): SecretBox {
  const byId = new Map<string, Buffer>();
  for (const key of [...keys.previous, keys.current]) byId.set(keyIdOf(key), key);
  const keyId = keyIdOf(keys.current);

  function seal(plain: string, context: string): string {
    const iv = crypto.randomBytes(IV_BYTES);
    const cipher = crypto.createCipheriv('aes-256-gcm', keys.current, iv);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `${PREFIX}:${keyId}:${Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64url')}`;
  }

  function open(sealed: string, context: string): string {
    const found = parts(sealed);
    if (!found || found.body.length < IV_BYTES + TAG_BYTES) throw new SecretBoxError('not a sealed value');
    const key = byId.get(found.keyId);
    if (!key) {
      throw new SecretBoxError(
        `sealed with key ${found.keyId}, which is not available (SECRETS_KEY, SECRETS_KEY_PREVIOUS or the key file)`,
      );
    }
    const decipher = crypto.createDecipheriv('aes-256-gcm', key, found.body.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(found.body.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    try {
      return Buffer.concat([decipher.update(found.body.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    } catch {
      throw new SecretBoxError(`sealed value with key ${found.keyId} does not open: altered, or moved from another row`);
    }
  }

  return {
    keyId,
    seal,
    open,
    isSealed: (value) => parts(value) !== null,
    isCurrent: (value) => parts(value)?.keyId === keyId,
    reseal: (sealed, context) => seal(open(sealed, context), context),
  };
}
