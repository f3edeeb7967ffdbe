/**
 * PostgreSQL test databases cloned from one migrated, seeded template (issue 29): global set-up
 * builds the template once per run, and each test's database is `CREATE DATABASE … TEMPLATE` of it
 * (a copy of its pages) instead of a fresh schema that runs all migrations and the seed (~2 s).
 * Every database of a run carries the run's tag, so teardown drops whatever a killed worker left.
 */
import crypto from 'node:crypto';
import pg from 'pg';

/** The schema every test database works in (as a schema per test did before: search_path, pg-boss beside it). */
export const TEST_SCHEMA = 'college';

export function postgresUrlFor(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

export async function onServer<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A new database copied from the run's template; its name carries the run's tag. */
export async function cloneTemplate(serverUrl: string, template: string): Promise<string> {
  const name = `${template}_${crypto.randomBytes(5).toString('hex')}`;
  await onServer(serverUrl, (client) => client.query(`CREATE DATABASE ${name} TEMPLATE ${template}`));
  return name;
}

/** A new, empty database whose name carries the run's tag (teardown drops it with the rest). */
export async function createRunDatabase(serverUrl: string, template: string): Promise<string> {
  const name = `${template}_${crypto.randomBytes(5).toString('hex')}`;
  await onServer(serverUrl, (client) => client.query(`CREATE DATABASE ${name} TEMPLATE template0`));
  return name;
}

export async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  await onServer(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}

/** True while a process with this id runs (a run's tag is its jest process id). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The run's template: `college_test_<jest's process id>`; its clones add `_<random>`. */
export const templateFor = (pid: number): string => `college_test_${pid}`;
const RUN_DATABASE = /^college_test_(\d+)(?:_[0-9a-f]+)?$/;

/** Drops what runs killed before their teardown left behind: databases of runs no longer running. */
export async function dropAbandonedDatabases(serverUrl: string): Promise<void> {
  await onServer(serverUrl, async (client) => {
    const { rows } = await client.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE 'college\\_test\\_%'`);
    for (const { datname } of rows) {
      const pid = Number(RUN_DATABASE.exec(datname)?.[1]);
      if (pid && !running(pid)) await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    }
  });
}

/** Drops the template and every clone of it (a clone's name starts with the template's). */
export async function dropRunDatabases(serverUrl: string, template: string): Promise<void> {
  await onServer(serverUrl, async (client) => {
    const { rows } = await client.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE $1 || '%'`, [template]);
    for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
  });
}
