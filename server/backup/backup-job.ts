/** The scheduled backup (issue 32): filled in by the scheduled-backup work. */
import type { Config } from '../config';
import type { Database } from '../db/database';
import type { JobQueue } from '../jobs/job-queue';
import type { Mailer } from '../mail/mailer';
import type { Metrics } from '../metrics/metrics';

export interface BackupJobDeps {
  jobs: JobQueue;
  db: Database;
  config: Config;
  mailer: Mailer;
  metrics: Metrics;
  secretsKeyFingerprint: string | null;
  log: { info(line: string): void; warn(line: string): void; error(line: string): void };
}

export async function workBackups(deps: BackupJobDeps): Promise<void> {
  void deps;
}
