/**
 * The start-up half of secrets at rest, after migrations (it needs the key, so it is code, not a
 * migration): seals what older versions left in plain text and re-seals what a previous key
 * sealed (server/secrets/seal-at-rest.ts), and says what it did. When plain text was sealed (once,
 * on the first start of this version), its table is rewritten (VACUUM FULL) so the old row
 * versions holding the plain secrets leave the table files; WAL segments and earlier backups may
 * still hold them until they are recycled (README, Security).
 */
import type { Config } from '../config';
import type { Database } from '../db/database';
import type { Logger } from '../logger';
import type { SecretBox } from './secret-box';
import type { SecretKeys } from './secret-key';
import { sealSecretsAtRest, type SealReport } from './seal-at-rest';

export async function sealAtStart(db: Database, box: SecretBox, keys: SecretKeys, config: Config, log: Logger): Promise<SealReport> {
  const report = await sealSecretsAtRest(db.pool, box);
  if (report.sealed > 0) log.info(`secrets at rest: ${report.sealed} value(s) encrypted with key ${box.keyId}`);
  for (const table of ['users', 'mail_queue'] as const) {
    if (report.fromPlain[table] === 0) continue;
    try {
      // A brief exclusive lock on the table, once per installation.
      await db.pool.query(`VACUUM FULL ${table}`);
    } catch (error) {
      // Not the table's owner, for example: the secrets are sealed all the same.
      log.warn(
        `secrets at rest: could not rewrite ${table} (${error instanceof Error ? error.message : String(error)}); ` +
          'old row versions with plain secrets stay in their files until PostgreSQL reuses the space',
      );
    }
  }
  if (config.databaseUrl && keys.file) {
    log.info(`secrets key: ${keys.file}; every instance on this database needs the same key (copy the file, or set SECRETS_KEY)`);
  }
  if (report.unreadable > 0) {
    log.warn(
      `secrets at rest: ${report.unreadable} value(s) were encrypted with a key that is not available; ` +
        'restore the key file or set SECRETS_KEY_PREVIOUS (README, Security)',
    );
  }
  return report;
}
