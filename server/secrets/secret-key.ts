/**
 * The key that seals secrets at rest (server/secrets/secret-box.ts): from SECRETS_KEY, or from a
 * key file outside DATA_DIR, created with mode 0600 on the first start. The file holds one key a
 * line (base64), the first is the one that seals, the others only open (a rotation in progress);
 * lines starting with # are comments. SECRETS_KEY_PREVIOUS (comma-separated) adds keys that open.
 */
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';

export const KEY_BYTES = 32;

export interface SecretKeys {
  /** Seals every new secret. */
  current: Buffer;
  /** Older keys: they still open what they sealed until a rotation re-seals it. */
  previous: Buffer[];
  /** Where the key came from, for the start-up block: the file's path, or null for SECRETS_KEY. */
  file: string | null;
  /** True when this start created the key file. */
  created: boolean;
}

export class SecretKeyError extends Error {}

/** 32 bytes written as 64 hex digits or as base64 / base64url; anything else is refused. */
export function parseKey(value: string, source: string): Buffer {
  const text = value.trim();
  const bytes = /^[0-9a-fA-F]{64}$/.test(text)
    ? Buffer.from(text, 'hex')
    : /^[A-Za-z0-9+/_-]{43}={0,1}$/.test(text)
      ? Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64')
      : null;
  if (!bytes || bytes.length !== KEY_BYTES) {
    throw new SecretKeyError(
      `${source} must be ${KEY_BYTES} random bytes written as 64 hex digits or as base64 ` +
        `(for example the output of: openssl rand -base64 32).`,
    );
  }
  return bytes;
}

/** The default key file: beside DATA_DIR, never in it, so a copy of the data alone cannot open it. */
export function defaultKeyFile(dataDir: string): string {
  return path.join(path.dirname(dataDir), `${path.basename(dataDir)}.secrets-key`);
}

export function isInside(folder: string, file: string): boolean {
  const relative = path.relative(folder, file);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

export function newKey(): Buffer {
  return crypto.randomBytes(KEY_BYTES);
}

const FILE_HEADER = [
  '# The key that encrypts two-factor secrets and queued one-time links of the college CRM.',
  '# Back it up apart from the data folder: without it those secrets cannot be read.',
  '# One key a line (base64): the first seals, the others only open. See README, Security.',
];

/**
 * Writes the key file whole or not at all (a temporary file, then renamed in), readable by its
 * owner only. `createOnly`: linked in instead, which fails when the file exists, so two instances
 * starting at once on a new installation end up with the same key; returns false then.
 */
export function writeKeyFile(file: string, keys: readonly Buffer[], createOnly = false): boolean {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.partial`;
  const text = [...FILE_HEADER, ...keys.map((key) => key.toString('base64'))].join('\n') + '\n';
  fs.writeFileSync(partial, text, { mode: 0o600, flag: 'wx' });
  try {
    fs.chmodSync(partial, 0o600);
    if (!createOnly) {
      fs.renameSync(partial, file);
      return true;
    }
    try {
      fs.linkSync(partial, file);
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw error;
    }
  } finally {
    fs.rmSync(partial, { force: true });
  }
}

export function readKeyFile(file: string): Buffer[] {
  const lines = fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .map((line) => line.trim());
  const keys = lines.filter((line) => line && !line.startsWith('#')).map((line) => parseKey(line, `The key file ${file}`));
  if (keys.length === 0) throw new SecretKeyError(`The key file ${file} holds no key.`);
  return keys;
}

/** Where the keys come from: the configuration's SECRETS_KEY* settings and DATA_DIR (server/config.ts). */
export interface SecretKeySettings {
  dataDir: string;
  secretsKey: string | null;
  secretsKeyPrevious: string[];
  secretsKeyFile: string;
}

function previousFromEnv(config: Pick<SecretKeySettings, 'secretsKeyPrevious'>): Buffer[] {
  return config.secretsKeyPrevious.map((value) => parseKey(value, 'SECRETS_KEY_PREVIOUS'));
}

/**
 * SECRETS_KEY when set; otherwise the key file, created on the first start. Throws SecretKeyError
 * with a message naming the variable or the file when the key cannot be used.
 */
export function loadSecretKeys(config: SecretKeySettings): SecretKeys {
  const previous = previousFromEnv(config);
  if (config.secretsKey !== null) {
    return { current: parseKey(config.secretsKey, 'SECRETS_KEY'), previous, file: null, created: false };
  }
  const file = config.secretsKeyFile;
  if (isInside(config.dataDir, file)) {
    throw new SecretKeyError(
      `SECRETS_KEY_FILE (${file}) must be outside DATA_DIR (${config.dataDir}): a copy of the data must not carry its key.`,
    );
  }
  const created = !fs.existsSync(file) && writeKeyFile(file, [newKey()], true);
  const [current, ...older] = readKeyFile(file);
  if (!current) throw new SecretKeyError(`The key file ${file} holds no key.`);
  return { current, previous: [...older, ...previous], file, created };
}

/**
 * Names a key without revealing it (backups record which key sealed their secrets): the first
 * 16 hex digits of an HMAC of a fixed label, so the key cannot be recovered from it.
 */
export function keyFingerprint(key: Buffer): string {
  return crypto.createHmac('sha256', key).update('college-backup-key-fingerprint').digest('hex').slice(0, 16);
}
