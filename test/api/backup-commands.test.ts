/**
 * Issue 32, the commands as an operator runs them: `npm run backup` against a running server on
 * the embedded database (asked over its control socket, since the folder is the server's),
 * `npm run restore` into a fresh DATA_DIR that a new server then starts from, a second restore
 * refused, --force, a damaged file refused whole, and a warning when the secrets key differs.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { runBackupCommand } from '../../server/backup/backup-command';
import { EXIT_TARGET_NOT_EMPTY, runRestoreCommand } from '../../server/backup/restore-command';
import { loadConfig, type Config } from '../../server/config';
import { startServer } from '../../server/server';
import { migrate, migrationStatus } from '../../server/db/migrate';
import { MIGRATIONS } from '../../server/db/migrations/index';
import { createEmptyDatabase, createTestDatabase, defaultDatabaseKind } from '../support/database';
import { validLead } from '../support/lead-fixtures';

/** Each test spawns the real commands and servers: a minute alone, several beside the rest of the suite on a loaded machine. */
const TIMEOUT_MS = 480_000;
const SECRETS_KEY = crypto.randomBytes(32).toString('base64');
const folders: string[] = [];

function configFor(env: Record<string, string> = {}): Config {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'college-cmd-'));
  folders.push(dataDir, `${dataDir}-backups`);
  return loadConfig({
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    SECRETS_KEY,
    BACKUP_TIME: 'off',
    DIST_DIR: path.resolve('dist'),
    ...env,
  });
}

/** An embedded database folder holding the seeded template, as after a first start (without its initdb). */
async function seededFolder(config: Config): Promise<void> {
  const template = process.env.PGLITE_TEMPLATE ?? '';
  const pglite = new PGlite(path.join(config.dataDir, 'pgdata'), {
    extensions: { pg_trgm },
    loadDataDir: new Blob([fs.readFileSync(template)]),
  });
  await pglite.waitReady;
  await pglite.close();
}

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, options: { out: (line: string) => out.push(line), err: (line: string) => err.push(line) } };
}

afterAll(() => {
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

describe('npm run backup and npm run restore on the embedded database', () => {
  test(
    'a running server is backed up, the file restores into a fresh folder a new server starts from, and only once without --force',
    async () => {
      const source = configFor();
      await seededFolder(source);
      const server = await startServer(source, { logger: false, listen: false });
      let file: string;
      try {
        for (const email of ['first@example.com', 'second@example.com']) {
          const answer = await server.app.inject({ method: 'POST', url: '/api/leads', payload: validLead({ email }) });
          expect(answer.statusCode).toBe(201);
        }
        const backup = capture();
        expect(await runBackupCommand(source, [], backup.options)).toBe(0);
        expect(backup.out[0]).toMatch(/^Backup written: .*college-backup-\d{8}-\d{6}Z-manual\.tar/);
        expect(backup.out.join('\n')).toMatch(/The secrets key is not in it: keep SECRETS_KEY apart/);
        file = /^Backup written: (\S+)/.exec(backup.out[0] ?? '')?.[1] ?? '';
        expect(fs.existsSync(file)).toBe(true);
        // Counted like a scheduled one by the dashboard and /metrics.
        const { rows: runs } = await server.ctx.db.pool.query<{ reason: string; ok: boolean; file: string }>(
          'SELECT reason, ok, file FROM backup_runs',
        );
        expect(runs).toEqual([{ reason: 'manual', ok: true, file }]);
      } finally {
        await server.close();
      }

      const target = configFor();
      const restore = capture();
      expect(await runRestoreCommand(target, [file], restore.options)).toBe(0);
      expect(restore.out.join('\n')).toMatch(/every member matches its manifest[\s\S]*leads: 2[\s\S]*No newer migrations to apply/);
      expect(restore.err).toEqual([]);

      const restored = await startServer(target, { logger: false, listen: false });
      try {
        const { rows } = await restored.ctx.db.pool.query<{ email: string }>('SELECT email FROM leads ORDER BY email');
        expect(rows.map((row) => row.email)).toEqual(['first@example.com', 'second@example.com']);
        expect((await restored.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      } finally {
        await restored.close();
      }

      const again = capture();
      expect(await runRestoreCommand(target, [file], again.options)).toBe(EXIT_TARGET_NOT_EMPTY);
      expect(again.err.join('\n')).toMatch(/already holds data \(\d+ tables\): nothing was changed\. .*add --force/);
      const forced = capture();
      expect(await runRestoreCommand(target, [file, '--force'], forced.options)).toBe(0);
      expect(forced.out.join('\n')).toMatch(/--force: the target was emptied\.[\s\S]*leads: 2/);

      // Another key here: the restore says what it means for two-factor secrets, and where to put the key.
      const otherKey = configFor({ SECRETS_KEY: crypto.randomBytes(32).toString('base64') });
      const warned = capture();
      expect(await runRestoreCommand(otherKey, [file], warned.options)).toBe(0);
      expect(warned.err.join('\n')).toMatch(/sealed with a key \(fingerprint [0-9a-f]{16}\) that is not the one in SECRETS_KEY/);

      // A file cut short is refused before anything is written.
      const damaged = `${file}.cut.tar`;
      fs.writeFileSync(damaged, fs.readFileSync(file).subarray(0, Math.floor(fs.statSync(file).size / 2)));
      const empty = configFor();
      const refused = capture();
      expect(await runRestoreCommand(empty, [damaged], refused.options)).toBe(1);
      expect(refused.err.join('\n')).toMatch(/The restore failed: .*(incomplete|cannot be read|damaged)/);
      expect(fs.existsSync(path.join(empty.dataDir, 'pgdata'))).toBe(false);
    },
    TIMEOUT_MS,
  );
});

describe('npm run restore into a database that holds data', () => {
  test(
    'is refused with the count of its tables, and nothing changes',
    async () => {
      const db = await createTestDatabase(defaultDatabaseKind());
      const config = configFor();
      try {
        const before = await db.pool.query<{ count: string }>('SELECT count(*) AS count FROM courses');
        const backupDir = config.backupDir;
        const made = capture();
        expect(await runBackupCommand(config, [], { ...made.options, db })).toBe(0);
        const file = fs.readdirSync(backupDir).map((name) => path.join(backupDir, name))[0] ?? '';
        const refused = capture();
        expect(await runRestoreCommand(config, [file], { ...refused.options, db })).toBe(EXIT_TARGET_NOT_EMPTY);
        expect(refused.err.join('\n')).toMatch(/already holds data/);
        expect((await db.pool.query<{ count: string }>('SELECT count(*) AS count FROM courses')).rows).toEqual(before.rows);
      } finally {
        await db.close();
      }
    },
    TIMEOUT_MS,
  );

  test(
    "a backup from an older version restores, then gets this version's newer migrations",
    async () => {
      const kind = defaultDatabaseKind();
      const older = await createEmptyDatabase(kind);
      const target = await createEmptyDatabase(kind);
      const config = configFor();
      try {
        await migrate(older, MIGRATIONS.slice(0, -1));
        const made = capture();
        expect({ code: await runBackupCommand(config, [], { ...made.options, db: older }), err: made.err }).toEqual({ code: 0, err: [] });
        const file = /^Backup written: (\S+)/.exec(made.out[0] ?? '')?.[1] ?? '';
        const restored = capture();
        expect(await runRestoreCommand(config, [file], { ...restored.options, db: target })).toBe(0);
        const newest = MIGRATIONS.at(-1)?.id ?? '';
        expect(restored.out.join('\n')).toContain(`Applied 1 newer migrations: ${newest}`);
        expect((await migrationStatus(target)).pending).toEqual([]);
      } finally {
        await older.close();
        await target.close();
      }
    },
    TIMEOUT_MS,
  );

  test('usage mistakes get the usage line and exit 2', async () => {
    const config = configFor();
    const wrong = capture();
    expect(await runRestoreCommand(config, [], wrong.options)).toBe(2);
    expect(await runBackupCommand(config, ['--now'], wrong.options)).toBe(2);
    expect(wrong.err).toEqual([
      expect.stringMatching(/^Usage: npm run restore -- FILE \[--force\]/),
      expect.stringMatching(/^Usage: npm run backup/),
    ]);
  });
});
