/**
 * One embedded database folder, one process. PGlite cannot share its folder: a second process
 * (a second server, or `npm run add-staff` while the server runs) would read a stale copy and its
 * writes would be lost or corrupt the folder. So the folder is locked while it is open, with
 * proper-lockfile (a `<folder>.lock` directory whose mtime the owner keeps fresh, so the lock of a
 * crashed process goes stale by itself and is taken over). The owner also writes its process id and
 * host into the lock: a restart on the same machine after a crash sees that the owner is gone and
 * takes the lock at once instead of waiting for it to go stale.
 */
import fs from 'node:fs';
import os from 'node:os';
import lockfile from 'proper-lockfile';

/** A lock not refreshed for this long belongs to a process that died. */
const STALE_AFTER_MS = 30_000;

export class DataDirInUseError extends Error {
  constructor(dir: string) {
    super(
      `The embedded database in ${dir} is in use by another process (is the server running?). ` +
        'Stop that process first, or set DATABASE_URL to share a PostgreSQL server.',
    );
    this.name = 'DataDirInUseError';
  }
}

interface LockOwner {
  pid: number;
  host: string;
}

/** Beside the lock directory, not in it: proper-lockfile removes that directory with rmdir. */
const ownerFile = (dir: string) => `${dir}.lock-owner.json`;

function readOwner(dir: string): LockOwner | null {
  try {
    const owner = JSON.parse(fs.readFileSync(ownerFile(dir), 'utf8')) as Partial<LockOwner>;
    return typeof owner.pid === 'number' && typeof owner.host === 'string' ? { pid: owner.pid, host: owner.host } : null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as { code?: unknown }).code === 'EPERM';
  }
}

/** Removes the lock of an owner on this machine whose process no longer exists. */
function removeDeadOwnersLock(dir: string): void {
  const owner = readOwner(dir);
  if (!owner || owner.host !== os.hostname() || owner.pid === process.pid || isAlive(owner.pid)) return;
  fs.rmSync(`${dir}.lock`, { recursive: true, force: true });
  fs.rmSync(ownerFile(dir), { force: true });
}

/**
 * Locks the folder or throws DataDirInUseError; resolves to the function that releases the lock.
 * `wait`: keep trying until a dead owner's lock has gone stale (a server restarted right after a
 * crash); without it, fail at once (a command run while the server is up).
 */
export async function lockDataDir(dir: string, options: { wait: boolean; onLost: (error: Error) => void }): Promise<() => Promise<void>> {
  fs.mkdirSync(dir, { recursive: true });
  removeDeadOwnersLock(dir);
  const retries = options.wait ? { retries: Math.ceil(STALE_AFTER_MS / 1000) + 5, minTimeout: 1000, maxTimeout: 1000, factor: 1 } : 0;
  try {
    // realpath false: the folder may be reached through a symlink that changes; the path is the key.
    const release = await lockfile.lock(dir, { realpath: false, stale: STALE_AFTER_MS, retries, onCompromised: options.onLost });
    fs.writeFileSync(ownerFile(dir), JSON.stringify({ pid: process.pid, host: os.hostname() } satisfies LockOwner));
    return async () => {
      fs.rmSync(ownerFile(dir), { force: true });
      await release();
    };
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ELOCKED') throw new DataDirInUseError(dir);
    throw error;
  }
}
