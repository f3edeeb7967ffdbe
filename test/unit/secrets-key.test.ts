/**
 * The secrets key and the sealing of values with it: which key values are refused (with a message
 * naming the variable), the key file (created once, mode 0600, never inside DATA_DIR), and values
 * that open only with their context and with a key that is current or previous.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../server/config';
import { defaultKeyFile, loadSecretKeys, parseKey, SecretKeyError } from '../../server/secrets/secret-key';
import { createSecretBox, SecretBoxError } from '../../server/secrets/secret-box';

const keyA = crypto.randomBytes(32);
const keyB = crypto.randomBytes(32);

test('a key is 32 bytes in hex or base64; anything else is refused naming the variable', () => {
  expect(parseKey(keyA.toString('hex'), 'SECRETS_KEY')).toEqual(keyA);
  expect(parseKey(keyA.toString('base64'), 'SECRETS_KEY')).toEqual(keyA);
  expect(parseKey(keyA.toString('base64url'), 'SECRETS_KEY')).toEqual(keyA);
  for (const bad of ['secret', keyA.toString('hex').slice(2), crypto.randomBytes(16).toString('base64'), `${keyA.toString('hex')}00`]) {
    expect(() => parseKey(bad, 'SECRETS_KEY')).toThrow(SecretKeyError);
    expect(() => parseKey(bad, 'SECRETS_KEY')).toThrow(/^SECRETS_KEY must be 32 random bytes/);
  }
  const config = loadConfig({ DATA_DIR: '/srv/data', SECRETS_KEY: 'too-short' });
  expect(() => loadSecretKeys(config)).toThrow(/SECRETS_KEY must be/);
  expect(() => loadSecretKeys(loadConfig({ DATA_DIR: '/srv/data', SECRETS_KEY: keyA.toString('hex'), SECRETS_KEY_PREVIOUS: 'x' }))).toThrow(
    /SECRETS_KEY_PREVIOUS must be/,
  );
});

test('without SECRETS_KEY, a key file is made once beside DATA_DIR, readable by its owner only', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'college-key-'));
  try {
    const dataDir = path.join(root, 'data');
    expect(defaultKeyFile(dataDir)).toBe(path.join(root, 'data.secrets-key'));
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.secretsKeyFile).toBe(path.join(root, 'data.secrets-key'));
    const first = loadSecretKeys(config);
    expect(first).toMatchObject({ file: config.secretsKeyFile, created: true, previous: [] });
    expect(fs.statSync(config.secretsKeyFile).mode & 0o777).toBe(0o600);
    const again = loadSecretKeys(config);
    expect(again.created).toBe(false);
    expect(again.current).toEqual(first.current);
    // A key file inside the data folder would travel with every copy of it: refused.
    const inside = loadConfig({ DATA_DIR: dataDir, SECRETS_KEY_FILE: path.join(dataDir, 'key') });
    expect(() => loadSecretKeys(inside)).toThrow(/SECRETS_KEY_FILE .* must be outside DATA_DIR/);
    // A damaged file is named in the message.
    fs.writeFileSync(config.secretsKeyFile, 'not a key\n');
    expect(() => loadSecretKeys(config)).toThrow(new RegExp(`The key file ${config.secretsKeyFile} must be`));
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test('a sealed value opens with its key and context only, and is never the plain text', () => {
  const box = createSecretBox({ current: keyA, previous: [] });
  const sealed = box.seal('JBSWY3DPEHPK3PXP', 'totp:user-1');
  expect(sealed).toMatch(new RegExp(`^enc1:${box.keyId}:[A-Za-z0-9_-]+$`));
  expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
  expect(box.seal('JBSWY3DPEHPK3PXP', 'totp:user-1')).not.toBe(sealed);
  expect(box.open(sealed, 'totp:user-1')).toBe('JBSWY3DPEHPK3PXP');
  expect(() => box.open(sealed, 'totp:user-2')).toThrow(SecretBoxError);
  const tampered = sealed.slice(0, -2) + (sealed.endsWith('A') ? 'BA' : 'AA');
  expect(() => box.open(tampered, 'totp:user-1')).toThrow(SecretBoxError);
  expect(() => createSecretBox({ current: keyB, previous: [] }).open(sealed, 'totp:user-1')).toThrow(/not available/);
  expect(box.isSealed('JBSWY3DPEHPK3PXP')).toBe(false);
});

test('after a rotation, the previous key still opens old values; reseal moves them to the new key', () => {
  const old = createSecretBox({ current: keyA, previous: [] });
  const sealed = old.seal('a link', 'mail:text');
  const rotated = createSecretBox({ current: keyB, previous: [keyA] });
  expect(rotated.isCurrent(sealed)).toBe(false);
  expect(rotated.open(sealed, 'mail:text')).toBe('a link');
  const resealed = rotated.reseal(sealed, 'mail:text');
  expect(rotated.isCurrent(resealed)).toBe(true);
  expect(createSecretBox({ current: keyB, previous: [] }).open(resealed, 'mail:text')).toBe('a link');
});
