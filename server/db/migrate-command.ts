/** `npm run migrate [-- --status]` (issue 32): filled in by the upgrade work. */
import type { Config } from '../config';

export async function runMigrateCommand(config: Config, args: string[]): Promise<number> {
  void config;
  void args;
  return 1;
}
