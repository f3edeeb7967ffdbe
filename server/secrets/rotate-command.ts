/**
 * `npm run rotate-secrets`: puts every stored secret under a new key. Stop the server first (the
 * embedded database enforces it: one folder, one process).
 * - With SECRETS_KEY: set SECRETS_KEY to the new key and SECRETS_KEY_PREVIOUS to the old one; the
 *   command (or simply the next start) re-encrypts with the new key; then drop SECRETS_KEY_PREVIOUS.
 * - With the key file: the command writes a new key as the file's first line, the old one below it
 *   (so a crash half-way loses nothing: both still open), re-encrypts everything, then removes the
 *   old key from the file.
 */
import type { Config } from '../config';
import type { Database } from '../db/database';
import { migrateForCommand } from '../db/upgrade';
import { createSecretBox } from './secret-box';
import { loadSecretKeys, newKey, readKeyFile, writeKeyFile, type SecretKeys } from './secret-key';
import { sealSecretsAtRest } from './seal-at-rest';
import { openForCommand } from '../db/data-dir-modes';

export const EXIT_OK = 0;
export const EXIT_FAILED = 1;

export interface RotateOptions {
  /** An already-open database (tests); otherwise the server's, from the configuration. */
  db?: Database;
  out?: (line: string) => void;
  err?: (line: string) => void;
}

/** With a key file: a new first line, the old keys kept below it until everything is re-encrypted. */
function rotateKeyFile(config: Config): SecretKeys & { file: string } {
  const existing = loadSecretKeys(config);
  const file = existing.file ?? config.secretsKeyFile;
  const older = existing.created ? [] : readKeyFile(file);
  const current = newKey();
  writeKeyFile(file, [current, ...older]);
  return { current, previous: [...older, ...existing.previous], file, created: false };
}

export async function runRotateSecrets(config: Config, options: RotateOptions = {}): Promise<number> {
  const out = options.out ?? ((line: string) => console.log(line));
  const err = options.err ?? ((line: string) => console.error(line));
  const db = await openForCommand(config, options.db, err, ' (stop the server first)');
  if (!db) return EXIT_FAILED;
  try {
    // After an upgrade a command may be first to meet new migrations: the same backup-first rule as a start.
    await migrateForCommand(db, config, out, err);
    const keys = config.secretsKey === null ? rotateKeyFile(config) : loadSecretKeys(config);
    const box = createSecretBox(keys);
    const report = await sealSecretsAtRest(db.pool, box);
    out(`${report.sealed} secret(s) now encrypted with key ${box.keyId}.`);
    if (report.unreadable > 0) {
      err(
        `${report.unreadable} secret(s) were encrypted with a key that is not available: they were left as they are. ` +
          'Add that key (SECRETS_KEY_PREVIOUS, or a line in the key file) and run again.',
      );
      return EXIT_FAILED;
    }
    if (keys.file) {
      writeKeyFile(keys.file, [keys.current]);
      out(`The key file ${keys.file} now holds only the new key: back it up again, apart from the data folder.`);
    } else {
      out('SECRETS_KEY_PREVIOUS is no longer needed: remove it.');
    }
    return EXIT_OK;
  } catch (error) {
    err(`Could not rotate the secrets key: ${error instanceof Error ? error.message : String(error)}`);
    return EXIT_FAILED;
  } finally {
    if (!options.db) await db.close();
  }
}
