/**
 * The database half of a backup: inside one consistent snapshot, each table's rows into a
 * gzip-compressed file of JSON lines, the sequences' positions beside them, and what the manifest
 * needs (the migration level, each table's row count and checksum).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import pg from 'pg';
import type { RowReader } from '../db/database';
import type { TableSummary } from './backup-types';
import { listSequences, listTables, quote, tableLines } from './table-catalogue';

export interface DatabaseDump {
  migrations: string[];
  tables: Record<string, TableSummary>;
  sequences: TableSummary;
}

export const tableMember = (name: string): string => `tables/${name}.ndjson.gz`;
export const SEQUENCES_MEMBER = 'sequences.json.gz';

/** Writes `lines` gzip-compressed to `file` and returns their count and SHA-256 (of the text, not the gzip). */
export async function writeLines(file: string, lines: AsyncIterable<string>): Promise<TableSummary> {
  const hash = crypto.createHash('sha256');
  let rows = 0;
  async function* counted(): AsyncGenerator<string> {
    for await (const line of lines) {
      const text = `${line}\n`;
      hash.update(text);
      rows += 1;
      yield text;
    }
  }
  await fs.promises.mkdir(path.dirname(file), { recursive: true });
  await pipeline(Readable.from(counted()), createGzip({ level: 6 }), fs.createWriteStream(file, { mode: 0o600 }));
  return { rows, sha256: hash.digest('hex') };
}

/** One row per sequence: its name, last value and whether that value was handed out. */
async function* sequenceLines(reader: RowReader): AsyncGenerator<string> {
  for (const name of await listSequences(reader)) {
    const { rows } = await reader.query<{ line: string }>(
      `SELECT json_build_object('name', ${pg.escapeLiteral(name)}, 'value', last_value::text, 'called', is_called)::text AS line FROM ${quote(name)}`,
    );
    for (const row of rows) yield row.line;
  }
}

export async function dumpDatabase(reader: RowReader, folder: string): Promise<DatabaseDump> {
  // Times in rows are written in UTC whatever the server's zone, so equal data gives equal checksums.
  await reader.query(`SET LOCAL TimeZone = 'UTC'`);
  const { rows: applied } = await reader.query<{ id: string }>('SELECT id FROM schema_migrations ORDER BY id');
  const tables: Record<string, TableSummary> = {};
  for (const table of await listTables(reader)) {
    tables[table.name] = await writeLines(path.join(folder, tableMember(table.name)), tableLines(reader, table));
  }
  const sequences = await writeLines(path.join(folder, SEQUENCES_MEMBER), sequenceLines(reader));
  return { migrations: applied.map((row) => row.id), tables, sequences };
}

/** Each table's row count and checksum as a backup would record them (tests compare a restore with its manifest). */
export async function tableChecksums(reader: RowReader): Promise<Record<string, TableSummary>> {
  await reader.query(`SET LOCAL TimeZone = 'UTC'`);
  const result: Record<string, TableSummary> = {};
  for (const table of await listTables(reader)) {
    const hash = crypto.createHash('sha256');
    let rows = 0;
    for await (const line of tableLines(reader, table)) {
      hash.update(`${line}\n`);
      rows += 1;
    }
    result[table.name] = { rows, sha256: hash.digest('hex') };
  }
  return result;
}
