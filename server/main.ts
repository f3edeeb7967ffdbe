/** The production entry point: `npm start` runs the rollup-built copy of this file. */
import path from 'node:path';
import { loadConfig } from './config';
import { startServer } from './server';
import { runAddStaff } from './auth/add-staff-command';
import { startupBanner } from './startup-banner';
import { runRotateSecrets } from './secrets/rotate-command';
import { runBackupCommand } from './backup/backup-command';
import { runRestoreCommand } from './backup/restore-command';
import { runMigrateCommand } from './db/migrate-command';

/** `npm run <name>` passes `--<name>` and the user's arguments after it (package.json). */
const COMMANDS = {
  '--add-staff': runAddStaff,
  '--rotate-secrets': (config, _args) => runRotateSecrets(config),
  '--backup': runBackupCommand,
  '--restore': runRestoreCommand,
  '--migrate': runMigrateCommand,
} satisfies Record<string, (config: ReturnType<typeof loadConfig>, args: string[]) => Promise<number>>;

async function main(): Promise<void> {
  const config = loadConfig();
  for (const [flag, command] of Object.entries(COMMANDS)) {
    if (!process.argv.includes(flag)) continue;
    process.exitCode = await command(config, process.argv.slice(process.argv.indexOf(flag) + 1));
    return;
  }
  const server = await startServer(config);
  server.app.log.info(`listening on ${server.url}`);
  const embeddedDatabaseDir = config.databaseUrl ? null : path.join(config.dataDir, 'pgdata');
  console.log(
    `\n${startupBanner({
      siteUrl: config.siteUrl,
      createdAdmin: server.createdAdmin,
      embeddedDatabaseDir,
      secretsKey: server.secretsKey,
      readySeconds: process.uptime(),
    })}\n`,
  );

  const shutdown = (signal: string) => {
    server.app.log.info(`${signal} received: draining requests, then closing the database`);
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
