/**
 * The first staff account. With ADMIN_EMAIL (and ADMIN_PASSWORD) set, that account is created if
 * it does not exist yet (an existing password is never overwritten). With nothing set and no
 * account at all, an administrator is created with a generated password, returned so that the
 * start-up block shows it once (never a log line, which scrolls away and is kept).
 * No password is ever written in code.
 */
import type { Config } from '../config';
import type { Database } from '../db/database';
import { COLLEGE } from '../../src/college';
import { generatePassword, passwordProblem } from './passwords';
import { countUsers, createUser, DuplicateEmailError, findUserByEmail, isValidEmail, normalizeEmail } from './users';

export const FIRST_ADMIN_NAME = 'Administrator';

/** An account created at this start: its e-mail, and its password when it was generated. */
export interface CreatedAdmin {
  email: string;
  generatedPassword: string | null;
}

/** admin@ the college's own mail domain. */
export function defaultAdminEmail(): string {
  const domain = COLLEGE.emails.admissions.split('@')[1];
  return `admin@${domain || 'localhost'}`;
}

export async function ensureFirstAdmin(db: Database, config: Config, log: (line: string) => void): Promise<CreatedAdmin | null> {
  const configured = config.adminEmail !== null || config.adminPassword !== null;
  const email = normalizeEmail(config.adminEmail ?? defaultAdminEmail());
  if (!isValidEmail(email)) {
    log(`ADMIN_EMAIL "${email}" is not a valid e-mail address; no administrator was created.`);
    return null;
  }
  if (configured) {
    if (await findUserByEmail(db.pool, email)) return null;
  } else if ((await countUsers(db.pool)) > 0) {
    return null;
  }

  const problem = config.adminPassword === null ? null : passwordProblem(config.adminPassword, [email, FIRST_ADMIN_NAME]);
  if (problem) {
    log(`ADMIN_PASSWORD is refused: ${problem} No administrator was created.`);
    return null;
  }
  const generated = config.adminPassword === null;
  const password = config.adminPassword ?? generatePassword();
  try {
    await createUser(db.pool, { email, name: FIRST_ADMIN_NAME, password });
  } catch (error) {
    // Another instance starting at the same moment created it first: nothing to do.
    if (error instanceof DuplicateEmailError) return null;
    throw error;
  }
  log(
    generated
      ? `Created the first staff account ${email}; its generated password is shown once in the start-up block.`
      : `Created the staff account ${email} from ADMIN_EMAIL / ADMIN_PASSWORD.`,
  );
  return { email, generatedPassword: generated ? password : null };
}
