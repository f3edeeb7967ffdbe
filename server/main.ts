/** The production entry point: `npm start` runs the rollup-built copy of this file. */
import path from 'node:path';
import { loadConfig } from './config';
import { startServer } from './server';
import { runAddStaff } from './auth/add-staff-command';
import { startupBanner } from './startup-banner';
import { runRotateSecrets } from './secrets/rotate-command';

async function main(): Promise<void> {
  const config = loadConfig();
  if (process.argv.includes('--add-staff')) {
    process.exitCode = await runAddStaff(config, process.argv.slice(process.argv.indexOf('--add-staff') + 1));
    return;
  }
  if (process.argv.includes('--rotate-secrets')) {
    process.exitCode = await runRotateSecrets(config);
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
