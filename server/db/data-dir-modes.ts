/**
 * DATA_DIR holds personal data: the embedded database's files, the lead spool, the outbox, photos.
 * Only the product's own user may read it (issue 35). The process runs with umask 077, so the
 * folders and the files the product writes are 0700/0600. PGlite's emulated file system creates its
 * files 0666 whatever the umask (seen on PGlite 0.5): they sit in 0700 folders, which no other user
 * can enter, and are tightened to 0600 at every start and stop. A folder found looser at start (an
 * older version ran with umask 022, a copy, a crash) is tightened, and the start says so.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import { openDatabase, type Database } from './database';

const OTHERS = 0o077;

/** Sets the umask and tightens `dataDir`; returns how many files and folders it had to tighten. */
export function secureDataDir(dataDir: string, log: { warn(line: string): void }): number {
  process.umask(OTHERS);
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const tightened = tightenDataDir(dataDir);
  if (tightened > 0) {
    log.warn(`DATA_DIR ${dataDir} was readable by other users: ${tightened} files and folders tightened to 0700/0600.`);
  }
  return tightened;
}

/** Takes every permission of group and others off `entry` and everything below it; returns the count changed. */
export function tightenDataDir(entry: string): number {
  if (!fs.existsSync(entry)) return 0;
  return tighten(entry);
}

function tighten(entry: string): number {
  const stat = fs.lstatSync(entry);
  // A link is left alone: its target may be anything, anywhere.
  if (stat.isSymbolicLink()) return 0;
  let count = 0;
  if ((stat.mode & OTHERS) !== 0) {
    fs.chmodSync(entry, stat.mode & 0o700);
    count += 1;
  }
  if (stat.isDirectory()) {
    for (const name of fs.readdirSync(entry)) count += tighten(path.join(entry, name));
  }
  return count;
}

/** The database of a command run beside the server (add-staff, rotate-secrets), DATA_DIR secured first. */
export function openCommandDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>, warn: (line: string) => void): Promise<Database> {
  secureDataDir(config.dataDir, { warn });
  return openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'pgdata') });
}

/** The database a command works on (`given` in tests), or null after telling the user why it cannot be opened. */
export async function openForCommand(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  given: Database | undefined,
  err: (line: string) => void,
  hint = '',
): Promise<Database | null> {
  if (given) return given;
  try {
    return await openCommandDatabase(config, err);
  } catch (error) {
    // E.g. the embedded database is held by the running server (see db/data-dir-lock.ts).
    err(`Could not open the database${hint}: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
}
