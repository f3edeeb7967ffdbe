/** Runs once after the suite: removes the templates of global-setup.ts and any clone a test left. */
import fs from 'node:fs';
import { dropRunDatabases } from './postgres-template';

export default async function globalTeardown(): Promise<void> {
  const { PGLITE_TEMPLATE, POSTGRES_TEMPLATE, TEST_DATABASE_URL } = process.env;
  if (PGLITE_TEMPLATE) fs.rmSync(PGLITE_TEMPLATE, { force: true });
  if (POSTGRES_TEMPLATE && TEST_DATABASE_URL) await dropRunDatabases(TEST_DATABASE_URL, POSTGRES_TEMPLATE);
}
