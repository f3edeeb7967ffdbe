/**
 * Which secrets key this installation has, by fingerprint only, without creating one: a backup
 * records the fingerprint of the key that sealed its secrets, and a restore compares it with the
 * keys here (the key itself is never in a backup: README, Backups).
 */
import fs from 'node:fs';
import type { Config } from '../config';
import { keyFingerprint, loadSecretKeys } from '../secrets/secret-key';

/** Fingerprints of the keys that open secrets here (the sealing one first); empty when there is no key yet. */
export function installedKeyFingerprints(config: Config): string[] {
  if (config.secretsKey === null && !fs.existsSync(config.secretsKeyFile)) return [];
  const keys = loadSecretKeys(config);
  return [keys.current, ...keys.previous].map(keyFingerprint);
}

/** A sentence for the restore's output when the backup's secrets will not open here; null when they will. */
export function keyWarning(config: Config, backupFingerprint: string | null): string | null {
  if (backupFingerprint === null) return null;
  const here = installedKeyFingerprints(config);
  if (here.includes(backupFingerprint)) return null;
  const where = config.secretsKey !== null ? 'SECRETS_KEY' : config.secretsKeyFile;
  return (
    `The backup's two-factor secrets and queued one-time links were sealed with a key (fingerprint ${backupFingerprint}) ` +
    `that is not ${here.length ? `the one in ${where}` : `here yet (${where} does not exist)`}: put the backed-up key there ` +
    `(or add it to SECRETS_KEY_PREVIOUS) before starting the server, or those staff will have to set up two-factor again.`
  );
}

/**
 * The sealing key's fingerprint for a backup's manifest, when a key exists: a command must not
 * create a key file (the server does that on its first start), and a key it cannot read is the
 * start's problem to report, not the backup's.
 */
export function sealingKeyFingerprint(config: Config): string | null {
  try {
    return installedKeyFingerprints(config)[0] ?? null;
  } catch {
    return null;
  }
}
