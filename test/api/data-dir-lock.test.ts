/**
 * One embedded database folder, one process (server/db/data-dir-lock.ts): a second opener fails
 * at once or waits, and the lock of a process that crashed is taken over once stale.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, openPglite } from '../../server/db/database';
import { DataDirInUseError, lockDataDir } from '../../server/db/data-dir-lock';

const TIMEOUT_MS = 150_000;
const noLoss = { onLost: () => undefined };

describe('the embedded database folder lock', () => {
  // One initialised folder, copied for each test: the tests are about the lock, and PGlite's initdb
  // (several seconds on a loaded machine) would otherwise run once per test.
  let initialised: string;
  let dataDir: string;
  let pgdata: string;
  beforeAll(async () => {
    initialised = fs.mkdtempSync(path.join(os.tmpdir(), 'college-lock-template-'));
    await (await openPglite(path.join(initialised, 'pgdata'))).close();
  }, TIMEOUT_MS);
  afterAll(() => {
    fs.rmSync(initialised, { recursive: true, force: true });
  });
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'college-lock-'));
    pgdata = path.join(dataDir, 'pgdata');
    fs.cpSync(path.join(initialised, 'pgdata'), pgdata, { recursive: true });
  });
  afterEach(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test('a second opener fails at once with a message that says what to do', async () => {
    const release = await lockDataDir(pgdata, { wait: false, ...noLoss });
    try {
      await expect(openDatabase({ databaseUrl: null, pgliteDir: pgdata })).rejects.toThrow(DataDirInUseError);
      await expect(openDatabase({ databaseUrl: null, pgliteDir: pgdata })).rejects.toThrow(/Stop that process first, or set DATABASE_URL/);
    } finally {
      await release();
    }
  });

  test(
    'the server waits for a lock its owner is about to release',
    async () => {
      const release = await lockDataDir(pgdata, { wait: false, ...noLoss });
      const releasedAt = new Promise<number>((resolve) => setTimeout(() => void release().then(() => resolve(Date.now())), 1500));
      const db = await openDatabase({ databaseUrl: null, pgliteDir: pgdata, waitForLock: true });
      try {
        expect(Date.now()).toBeGreaterThanOrEqual(await releasedAt);
        expect((await db.pool.query<{ one: number }>('SELECT 1 AS one')).rows[0]?.one).toBe(1);
      } finally {
        await db.close();
      }
    },
    TIMEOUT_MS,
  );

  test(
    'the lock left by a crashed process is taken over once stale, and released on close',
    async () => {
      // What a killed process leaves behind: the lock directory, no longer refreshed.
      const lock = `${pgdata}.lock`;
      fs.mkdirSync(lock, { recursive: true });
      const longAgo = new Date(Date.now() - 10 * 60_000);
      fs.utimesSync(lock, longAgo, longAgo);
      const db = await openDatabase({ databaseUrl: null, pgliteDir: pgdata });
      await db.close();
      expect(fs.existsSync(lock)).toBe(false);
    },
    TIMEOUT_MS,
  );

  test(
    "a restart after a crash on this machine takes the dead owner's fresh lock at once",
    async () => {
      // A fresh lock whose owner process has exited. Its time is set 10 minutes ahead, so waiting for
      // it to go stale would take over 10 minutes: well apart from PGlite's own start, however slow
      // a loaded machine makes it (39 s seen under the full suite).
      const gone = spawnSync(process.execPath, ['-e', '']).pid;
      const lock = `${pgdata}.lock`;
      fs.mkdirSync(lock, { recursive: true });
      const ahead = new Date(Date.now() + 10 * 60_000);
      fs.utimesSync(lock, ahead, ahead);
      fs.writeFileSync(`${pgdata}.lock-owner.json`, JSON.stringify({ pid: gone, host: os.hostname() }));
      const started = Date.now();
      const db = await openDatabase({ databaseUrl: null, pgliteDir: pgdata, waitForLock: true });
      try {
        expect(Date.now() - started).toBeLessThan(100_000);
        expect(JSON.parse(fs.readFileSync(`${pgdata}.lock-owner.json`, 'utf8')).pid).toBe(process.pid);
      } finally {
        await db.close();
      }
      expect(fs.existsSync(`${pgdata}.lock-owner.json`)).toBe(false);
    },
    TIMEOUT_MS,
  );

  test("a live owner's fresh lock is respected", async () => {
    const lock = `${pgdata}.lock`;
    fs.mkdirSync(lock, { recursive: true });
    fs.writeFileSync(`${pgdata}.lock-owner.json`, JSON.stringify({ pid: process.ppid, host: os.hostname() }));
    await expect(openDatabase({ databaseUrl: null, pgliteDir: pgdata })).rejects.toThrow(DataDirInUseError);
  });
});
