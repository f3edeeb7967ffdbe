/** `npm run backup` (issue 32). */
import type { Config } from '../config';

export async function runBackupCommand(config: Config, args: string[]): Promise<number> {
  void config;
  void args;
  return 1;
}
