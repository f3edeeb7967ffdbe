/** `npm run restore -- FILE [--force]` (issue 32). */
import type { Config } from '../config';

export async function runRestoreCommand(config: Config, args: string[]): Promise<number> {
  void config;
  void args;
  return 1;
}
