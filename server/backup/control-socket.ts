/**
 * `npm run backup` while the server runs on the embedded database: the folder is locked by the
 * server (one folder, one process), so the command asks the server, over a Unix socket in
 * DATA_DIR that only the data's owner can open (the folder is 0700), to write the backup itself.
 * PostgreSQL needs none of this: the command connects to the database like any client.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { Config } from '../config';
import type { Database } from '../db/database';
import type { BackupResult } from './backup-types';
import { recordedBackup } from './recorded-backup';

export interface BackupRequestsOptions {
  db: Database;
  config: Config;
  secretsKeyFingerprint: string | null;
  log: { info(line: string): void; warn(line: string): void };
}

export const controlSocketPath = (dataDir: string): string => path.join(dataDir, 'backup.sock');

/** Unix socket paths are limited to about 100 bytes; a longer DATA_DIR cannot have one. */
const SOCKET_PATH_MAX = 100;

export async function listenForBackupRequests(options: BackupRequestsOptions): Promise<{ close(): Promise<void> }> {
  const socket = controlSocketPath(options.config.dataDir);
  if (options.db.kind !== 'pglite') return { close: async () => undefined };
  if (socket.length > SOCKET_PATH_MAX) {
    options.log.warn(`DATA_DIR is too long a path for ${socket}: npm run backup works only while the server is stopped.`);
    return { close: async () => undefined };
  }
  const server = http.createServer((request, response) => {
    const answer = (status: number, body: object) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.method !== 'POST' || request.url !== '/backup') return answer(404, { message: 'Only POST /backup is served here.' });
    recordedBackup(options.db, options.config, {
      reason: 'manual',
      secretsKeyFingerprint: options.secretsKeyFingerprint,
    }).then(
      (result) => {
        options.log.info(`backup written on request: ${result.file}`);
        answer(200, result);
      },
      (error: unknown) => answer(500, { message: error instanceof Error ? error.message : String(error) }),
    );
  });
  // The lock on DATA_DIR is ours, so a socket file left here belongs to a process that is gone.
  fs.rmSync(socket, { force: true });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socket, () => resolve());
  });
  fs.chmodSync(socket, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        fs.rmSync(socket, { force: true });
      }),
  };
}

/** Asks the server that holds DATA_DIR for a backup; null when no server listens there. */
export function requestBackup(dataDir: string): Promise<BackupResult | null> {
  return new Promise((resolve, reject) => {
    const request = http.request({ socketPath: controlSocketPath(dataDir), method: 'POST', path: '/backup' }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as BackupResult & { message?: string };
        if (response.statusCode === 200) resolve(body);
        else reject(new Error(body.message ?? `the server answered ${response.statusCode}`));
      });
    });
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(null);
      else reject(error);
    });
    request.end();
  });
}
