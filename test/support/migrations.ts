/** Migrations made up for the tests of migrating (test/api/migrations-*.test.ts), and what they check. */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, type Config } from '../../server/config';
import type { Queryable } from '../../server/db/database';
import type { Migration } from '../../server/db/migrations/migration';

/** A migration that creates its own table and writes one row into it. */
export function tableMigration(id: string): Migration {
  const table = tableOf(id);
  return {
    id,
    sql: `CREATE TABLE ${table} (id integer PRIMARY KEY, note text NOT NULL); INSERT INTO ${table} VALUES (1, 'written by ${id}');`,
  };
}

/** A migration that changes things (renames every course, empties page_index, makes a table) and then fails: all of it must be undone. */
export function failingMigration(id: string): Migration {
  return {
    id,
    sql: `UPDATE courses SET course_name = 'overwritten'; DELETE FROM page_index; CREATE TABLE ${tableOf(id)} (id integer); SELECT 1 / 0;`,
  };
}

export const tableOf = (id: string): string => `test_${id.replace(/[^a-z0-9]/gi, '_')}`;

export async function tableExists(db: Queryable, table: string): Promise<boolean> {
  const { rows } = await db.query<{ found: boolean }>('SELECT to_regclass($1) IS NOT NULL AS found', [table]);
  return rows[0]?.found ?? false;
}

export async function appliedIds(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>('SELECT id FROM schema_migrations ORDER BY applied_at, id');
  return rows.map((row) => row.id);
}

/** What a failed migration must leave as it was: the catalogue's and the site's rows (counts, and the courses' names). */
export async function productCounts(db: Queryable): Promise<{ courses: number; names: string; pages: number; users: number }> {
  const { rows } = await db.query<{ courses: number; names: string; pages: number; users: number }>(
    `SELECT (SELECT count(*)::int FROM courses) AS courses, (SELECT md5(string_agg(course_name, ',' ORDER BY id)) FROM courses) AS names,
            (SELECT count(*)::int FROM page_index) AS pages, (SELECT count(*)::int FROM users) AS users`,
  );
  const counts = rows[0];
  if (!counts) throw new Error('no counts');
  return counts;
}

export interface MigrationTestFolders {
  config: Config;
  remove(): void;
}

/** A configuration with a data folder and a backup folder of its own, both removed by remove(). */
export function migrationTestConfig(env: Record<string, string> = {}): MigrationTestFolders {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'college-migrate-'));
  const config = loadConfig({
    DATA_DIR: path.join(root, 'data'),
    BACKUP_DIR: path.join(root, 'backups'),
    BACKUP_TIME: 'off',
    LOG_LEVEL: 'silent',
    SECRETS_KEY: crypto.randomBytes(32).toString('base64'),
    ...env,
  });
  return { config, remove: () => fs.rmSync(root, { recursive: true, force: true }) };
}

/** The backup files in the backup folder (none when it does not exist). */
export function backupFiles(config: Pick<Config, 'backupDir'>): string[] {
  if (!fs.existsSync(config.backupDir)) return [];
  return fs
    .readdirSync(config.backupDir)
    .filter((name) => name.endsWith('.tar'))
    .map((name) => path.join(config.backupDir, name));
}
