import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/database';
import { DataDirInUseError } from '../../server/db/data-dir-lock';
import { ensureFirstAdmin, defaultAdminEmail } from '../../server/auth/first-admin';
import { runAddStaff, EXIT_DUPLICATE, EXIT_FAILED, EXIT_OK, EXIT_USAGE } from '../../server/auth/add-staff-command';
import { findUserByEmail } from '../../server/auth/users';
import { verifyPassword } from '../../server/auth/passwords';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../support/database';

/** Opening a database takes seconds, and much longer while other suites load the machine. */
const START_TIMEOUT_MS = 120_000;

async function userCount(db: TestDatabase): Promise<number> {
  const { rows } = await db.pool.query<{ n: string }>('SELECT count(*) AS n FROM users');
  return Number(rows[0]?.n);
}

describe.each(testDatabaseKinds())('staff accounts (%s)', (kind) => {
  let db: TestDatabase;
  // One database for the group (cloning takes seconds); every test starts with no accounts.
  beforeAll(async () => {
    db = await createTestDatabase(kind);
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await db?.close();
  });
  beforeEach(async () => {
    // CASCADE: leads, activities and the lead history refer to staff accounts too.
    // The audit log refers to accounts and refuses TRUNCATE (append-only, migration 014): this
    // test, which starts each case from no accounts, lifts that for itself as the table's owner.
    await db.pool.query('ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_truncate');
    await db.pool.query('TRUNCATE users, sessions, password_resets CASCADE');
    await db.pool.query('ALTER TABLE audit_log ENABLE TRIGGER audit_log_no_truncate');
  });

  describe('ensureFirstAdmin', () => {
    test('with nothing configured on a fresh database: one admin, a generated password returned once, never logged', async () => {
      expect(await userCount(db)).toBe(0);
      const lines: string[] = [];
      const created = await ensureFirstAdmin(db, loadConfig({}), (line) => lines.push(line));
      expect(defaultAdminEmail()).toBe('admin@northbridge-college.ca');
      expect(created?.email).toBe(defaultAdminEmail());
      const password = created?.generatedPassword ?? '';
      expect(password.length).toBeGreaterThanOrEqual(20);
      expect(lines).toHaveLength(1);
      expect(lines[0]).not.toContain(password);
      const admin = await findUserByEmail(db.pool, defaultAdminEmail());
      expect(admin).not.toBeNull();
      expect(await verifyPassword(admin?.passwordHash ?? '', password)).toBe(true);

      // The second start creates nothing and prints nothing.
      expect(await ensureFirstAdmin(db, loadConfig({}), (line) => lines.push(line))).toBeNull();
      expect(lines).toHaveLength(1);
      expect(await userCount(db)).toBe(1);
    });

    test(
      'a second fresh database gets a different generated password (none is built in)',
      async () => {
        const first = await ensureFirstAdmin(db, loadConfig({}), () => undefined);
        const other = await createTestDatabase(kind);
        let second = null;
        try {
          second = await ensureFirstAdmin(other, loadConfig({}), () => undefined);
        } finally {
          await other.close();
        }
        expect(first?.generatedPassword).toBeTruthy();
        expect(first?.generatedPassword).not.toBe(second?.generatedPassword);
      },
      START_TIMEOUT_MS,
    );

    test('with nothing configured but staff already present: nothing is created', async () => {
      await runAddStaff(loadConfig({}), ['someone@test.example', 'Some One'], { db, out: () => undefined });
      const lines: string[] = [];
      await ensureFirstAdmin(db, loadConfig({}), (line) => lines.push(line));
      expect(lines).toEqual([]);
      expect(await userCount(db)).toBe(1);
    });

    test('ADMIN_EMAIL and ADMIN_PASSWORD create that account once and never overwrite its password', async () => {
      const lines: string[] = [];
      const env = { ADMIN_EMAIL: 'Boss@Test.Example', ADMIN_PASSWORD: 'the first password' };
      expect(await ensureFirstAdmin(db, loadConfig(env), (line) => lines.push(line))).toEqual({
        email: 'boss@test.example',
        generatedPassword: null,
      });
      expect(lines.join('\n')).not.toContain('the first password');
      const admin = await findUserByEmail(db.pool, 'boss@test.example');
      expect(admin?.name).toBe('Administrator');
      expect(await verifyPassword(admin?.passwordHash ?? '', 'the first password')).toBe(true);

      await ensureFirstAdmin(db, loadConfig({ ...env, ADMIN_PASSWORD: 'a changed password' }), () => undefined);
      const again = await findUserByEmail(db.pool, 'boss@test.example');
      expect(again?.passwordHash).toBe(admin?.passwordHash);
      expect(await userCount(db)).toBe(1);
    });

    test('ADMIN_EMAIL without a password: created with a generated password, returned once', async () => {
      const lines: string[] = [];
      const created = await ensureFirstAdmin(db, loadConfig({ ADMIN_EMAIL: 'head@test.example' }), (line) => lines.push(line));
      const password = created?.generatedPassword ?? '';
      const admin = await findUserByEmail(db.pool, 'head@test.example');
      expect(await verifyPassword(admin?.passwordHash ?? '', password)).toBe(true);
      await ensureFirstAdmin(db, loadConfig({ ADMIN_EMAIL: 'head@test.example' }), (line) => lines.push(line));
      expect(lines).toHaveLength(1);
    });
  });

  describe('the add-staff command', () => {
    const run = async (args: string[], env: NodeJS.ProcessEnv = {}) => {
      const out: string[] = [];
      const err: string[] = [];
      const code = await runAddStaff(loadConfig({}), args, { db, env, out: (l) => out.push(l), err: (l) => err.push(l) });
      return { code, out: out.join('\n'), err: err.join('\n') };
    };

    test('adds a staff member with a generated password printed once', async () => {
      const result = await run(['New.Person@Test.Example', 'New', 'Person']);
      expect(result.code).toBe(EXIT_OK);
      const password = /shown only this once\): (\S+)/.exec(result.out)?.[1] ?? '';
      const user = await findUserByEmail(db.pool, 'new.person@test.example');
      expect(user?.name).toBe('New Person');
      expect(await verifyPassword(user?.passwordHash ?? '', password)).toBe(true);
    });

    test('uses STAFF_PASSWORD when set, and refuses a weak one', async () => {
      const weak = await run(['weak@test.example', 'Weak'], { STAFF_PASSWORD: 'short' });
      expect(weak.code).toBe(EXIT_USAGE);
      expect(weak.err).toMatch(/at least 8 characters/);
      const result = await run(['given@test.example', 'Given'], { STAFF_PASSWORD: 'a chosen passphrase' });
      expect(result.code).toBe(EXIT_OK);
      expect(result.out).not.toContain('a chosen passphrase');
      const user = await findUserByEmail(db.pool, 'given@test.example');
      expect(await verifyPassword(user?.passwordHash ?? '', 'a chosen passphrase')).toBe(true);
    });

    test('a duplicate address changes nothing and exits with its own code', async () => {
      expect((await run(['dup@test.example', 'First'])).code).toBe(EXIT_OK);
      const before = await findUserByEmail(db.pool, 'dup@test.example');
      const result = await run(['DUP@test.example', 'Second']);
      expect(result.code).toBe(EXIT_DUPLICATE);
      expect(result.err).toMatch(/already a staff account for dup@test\.example/);
      expect(await findUserByEmail(db.pool, 'dup@test.example')).toEqual(before);
    });

    test('a bad address or a missing name prints the usage', async () => {
      const bad = await run(['not-an-address', 'Someone']);
      expect(bad.code).toBe(EXIT_USAGE);
      expect(bad.err).toMatch(/not a valid e-mail address/);
      const noName = await run(['someone@test.example']);
      expect(noName.code).toBe(EXIT_USAGE);
      expect(noName.err).toMatch(/Usage: npm run add-staff -- someone@college\.ca "Full Name"/);
      expect(await userCount(db)).toBe(0);
    });
  });
});

describe("the add-staff command on the server's own embedded database", () => {
  test(
    'opens DATA_DIR/pgdata, migrates it, and the account is there for the server',
    async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'college-add-staff-'));
      try {
        const config = loadConfig({ DATA_DIR: dataDir });
        const code = await runAddStaff(config, ['staff@test.example', 'Staff Member'], {
          env: { STAFF_PASSWORD: 'a chosen passphrase' },
          out: () => undefined,
        });
        expect(code).toBe(EXIT_OK);
        const db = await openDatabase({ databaseUrl: null, pgliteDir: path.join(dataDir, 'pgdata') });
        try {
          const user = await findUserByEmail(db.pool, 'staff@test.example');
          expect(await verifyPassword(user?.passwordHash ?? '', 'a chosen passphrase')).toBe(true);
        } finally {
          await db.close();
        }
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
    START_TIMEOUT_MS,
  );

  test(
    'refuses with a clear message while the server holds the embedded database, and works once it stops',
    async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'college-add-staff-'));
      const config = loadConfig({ DATA_DIR: dataDir });
      const running = await openDatabase({ databaseUrl: null, pgliteDir: path.join(dataDir, 'pgdata') });
      try {
        const errors: string[] = [];
        const args = ['late@test.example', 'Late Staff'];
        const options = { env: { STAFF_PASSWORD: 'a chosen passphrase' }, out: () => undefined, err: (line: string) => errors.push(line) };
        expect(await runAddStaff(config, args, options)).toBe(EXIT_FAILED);
        expect(errors.join('\n')).toMatch(/is in use by another process \(is the server running\?\)/);
        await expect(openDatabase({ databaseUrl: null, pgliteDir: path.join(dataDir, 'pgdata') })).rejects.toThrow(DataDirInUseError);
        await running.close();
        expect(await runAddStaff(config, args, options)).toBe(EXIT_OK);
      } finally {
        await running.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
    START_TIMEOUT_MS,
  );
});
