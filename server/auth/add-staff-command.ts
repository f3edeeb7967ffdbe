/**
 * `npm run add-staff -- someone@college.ca "Full Name"`: adds a staff account to the same database
 * the server uses (DATABASE_URL, or the embedded one in DATA_DIR), migrating it first. The password
 * is STAFF_PASSWORD when set, otherwise generated and printed once.
 * With the embedded database, stop the server first: one folder, one process (the command says so
 * when the folder is locked).
 */
import type { Config } from '../config';
import type { Database } from '../db/database';
import { migrateForCommand } from '../db/upgrade';
import { generatePassword, passwordProblem } from './passwords';
import { createUser, DuplicateEmailError, isValidEmail, normalizeEmail } from './users';
import { openForCommand } from '../db/data-dir-modes';

export const EXIT_OK = 0;
export const EXIT_FAILED = 1;
export const EXIT_USAGE = 2;
export const EXIT_DUPLICATE = 3;

export const ADD_STAFF_USAGE = 'Usage: npm run add-staff -- someone@college.ca "Full Name"';

export interface AddStaffOptions {
  /** An already-open database (tests); otherwise the server's, from the configuration. */
  db?: Database;
  env?: NodeJS.ProcessEnv;
  out?: (line: string) => void;
  err?: (line: string) => void;
}

export async function runAddStaff(config: Config, args: string[], options: AddStaffOptions = {}): Promise<number> {
  const out = options.out ?? ((line: string) => console.log(line));
  const err = options.err ?? ((line: string) => console.error(line));
  const env = options.env ?? process.env;
  const [rawEmail, ...nameParts] = args;
  const email = normalizeEmail(rawEmail ?? '');
  const name = nameParts.join(' ').trim();
  if (!email || !name) {
    err(ADD_STAFF_USAGE);
    return EXIT_USAGE;
  }
  if (!isValidEmail(email)) {
    err(`"${rawEmail}" is not a valid e-mail address.\n${ADD_STAFF_USAGE}`);
    return EXIT_USAGE;
  }
  const given = env.STAFF_PASSWORD || null;
  const problem = given === null ? null : passwordProblem(given, [email, name]);
  if (problem) {
    err(`STAFF_PASSWORD: ${problem}`);
    return EXIT_USAGE;
  }
  const password = given ?? generatePassword();

  const db = await openForCommand(config, options.db, err);
  if (!db) return EXIT_FAILED;
  try {
    // After an upgrade a command may be first to meet new migrations: the same backup-first rule as a start.
    await migrateForCommand(db, config, out, err);
    await createUser(db.pool, { email, name, password });
  } catch (error) {
    if (error instanceof DuplicateEmailError) {
      err(`There is already a staff account for ${email}. Nothing was changed (use "forgot password" to reset it).`);
      return EXIT_DUPLICATE;
    }
    err(`Could not add the staff account: ${error instanceof Error ? error.message : String(error)}`);
    return EXIT_FAILED;
  } finally {
    if (!options.db) await db.close();
  }
  out(`Added staff account ${email} (${name}).`);
  out(given === null ? `Password (shown only this once): ${password}` : 'Password: the one given in STAFF_PASSWORD.');
  return EXIT_OK;
}
