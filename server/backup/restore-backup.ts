/**
 * Restores a verified backup (verify-backup.ts) into an empty database: the schema as it was at
 * the backup's migration level, every row in one transaction (all or nothing; triggers and
 * foreign-key checks off while the rows go in, since the rows are already a consistent whole and
 * derived tables such as the lead tallies are carried as they were), the sequences where they
 * were, then this version's newer migrations, then the stored files.
 */
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { Readable } from 'node:stream';
import type { Database, Queryable } from '../db/database';
import { migrate } from '../db/migrate';
import { MIGRATIONS } from '../db/migrations/index';
import { gunzipped, readArchive } from './archive';
import type { BackupManifest } from './backup-types';
import { SEQUENCES_MEMBER } from './dump-database';
import { emptyDatabase } from './restore-target';
import { listTables, quote, type TableShape } from './table-catalogue';
import { BackupFileError, checkMigrationLevel } from './verify-backup';

export interface RestoreReport {
  rows: Record<string, number>;
  files: number;
  /** Migrations of this version applied after the data, newer than the backup. */
  migrated: string[];
}

const BATCH_ROWS = 1000;

async function* lines(bytes: AsyncIterable<Buffer>): AsyncGenerator<string> {
  const input = gunzipped(bytes);
  for await (const line of readline.createInterface({ input, crlfDelay: Infinity })) if (line) yield line;
}

async function loadTable(client: Queryable, table: TableShape, bytes: AsyncIterable<Buffer>): Promise<number> {
  const columns = table.columns.map(quote).join(', ');
  const insert = `INSERT INTO ${quote(table.name)} (${columns}) SELECT ${columns} FROM jsonb_populate_recordset(NULL::${quote(table.name)}, $1::jsonb)`;
  let batch: string[] = [];
  let rows = 0;
  const flush = async () => {
    if (batch.length) await client.query(insert, [`[${batch.join(',')}]`]);
    rows += batch.length;
    batch = [];
  };
  for await (const line of lines(bytes)) {
    batch.push(line);
    if (batch.length >= BATCH_ROWS) await flush();
  }
  await flush();
  return rows;
}

async function loadSequences(client: Queryable, bytes: AsyncIterable<Buffer>): Promise<void> {
  for await (const line of lines(bytes)) {
    const sequence = JSON.parse(line) as { name: string; value: string; called: boolean };
    await client.query('SELECT setval($1::regclass, $2::bigint, $3)', [quote(sequence.name), sequence.value, sequence.called]);
  }
}

async function replicaRole(client: Queryable): Promise<void> {
  try {
    await client.query(`SET LOCAL session_replication_role = replica`);
  } catch (error) {
    throw new BackupFileError(
      `The restore needs to load rows with triggers off (session_replication_role), which this database user may not do: ` +
        `run it as the database's superuser, or GRANT SET ON PARAMETER session_replication_role TO <user> (PostgreSQL 15+). ` +
        `(${error instanceof Error ? error.message : String(error)})`,
    );
  }
}

/** Writes the backup's rows into `db` (which must be empty) and its stored files under `dataDir`. */
export async function restoreBackup(db: Database, file: string, manifest: BackupManifest, dataDir: string): Promise<RestoreReport> {
  const level = checkMigrationLevel(manifest);
  await migrate(db, MIGRATIONS.slice(0, level));
  const staging = path.join(dataDir, `.restore-${process.pid}`);
  const rows: Record<string, number> = {};
  let files = 0;
  try {
    await db.transaction(async (client) => {
      await replicaRole(client);
      const shapes = new Map((await listTables(client)).map((table) => [table.name, table]));
      // The migrations seed some rows (settings, starter templates): the backup's own rows replace them.
      for (const table of shapes.keys()) await client.query(`DELETE FROM ${quote(table)}`);
      for await (const member of readArchive(file)) {
        const table = /^tables\/(.+)\.ndjson\.gz$/.exec(member.name)?.[1];
        if (table !== undefined) {
          const shape = shapes.get(table);
          if (!shape) throw new BackupFileError(`The backup has a table ${table} that its migration level does not create.`);
          rows[table] = await loadTable(client, shape, member.stream);
        } else if (member.name === SEQUENCES_MEMBER) {
          await loadSequences(client, member.stream);
        } else if (member.name.startsWith('files/')) {
          const relative = member.name.slice('files/'.length);
          // Only what the verified manifest lists, and never outside the data folder.
          if (!(relative in manifest.files) || relative.split('/').includes('..')) continue;
          const target = path.join(staging, relative);
          await fs.promises.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
          await fs.promises.writeFile(target, Readable.from(member.stream), { mode: 0o600 });
          files += 1;
        }
      }
      for (const [table, summary] of Object.entries(manifest.tables)) {
        if (rows[table] !== summary.rows)
          throw new BackupFileError(`${table}: ${rows[table] ?? 0} rows restored, the backup has ${summary.rows}.`);
      }
    });
    const migrated = await migrate(db);
    await moveInto(staging, dataDir);
    return { rows, files, migrated };
  } catch (error) {
    // The target was empty: it is left empty again, not holding a schema without its rows.
    await emptyDatabase(db).catch(() => undefined);
    throw error;
  } finally {
    await fs.promises.rm(staging, { recursive: true, force: true });
  }
}

/** Moves every file under `from` to the same path under `to`. */
async function moveInto(from: string, to: string): Promise<void> {
  const entries = await fs.promises.readdir(from, { withFileTypes: true, recursive: true }).catch(() => []);
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const source = path.join(entry.parentPath, entry.name);
    const target = path.join(to, path.relative(from, source));
    await fs.promises.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    await fs.promises.rename(source, target);
  }
}
