/**
 * The first staff account. With ADMIN_EMAIL (and ADMIN_PASSWORD) set, that account is created if
 * it does not exist yet (an existing password is never overwritten). With nothing set and no
 * account at all, an administrator is created with a generated password that is logged once.
 * No password is ever written in code.
 */
import type { Config } from '../config';
import type { Database } from '../db/database';
import { COLLEGE } from '../../src/college';
import { generatePassword, passwordProblem } from './passwords';
import { countUsers, createUser, DuplicateEmailError, findUserByEmail, isValidEmail, normalizeEmail } from './users';

export const FIRST_ADMIN_NAME = 'Administrator';

/** admin@ the college's own mail domain. */
export function defaultAdminEmail(): string {
  const domain = COLLEGE.emails.admissions.split('@')[1];
  return `admin@${domain || 'localhost'}`;
}

export async function ensureFirstAdmin(db: Database, config: Config, log: (line: string) => void): Promise<void> {
  const configured = config.adminEmail !== null || config.adminPassword !== null;
  const email = normalizeEmail(config.adminEmail ?? defaultAdminEmail());
  if (!isValidEmail(email)) {
    log(`ADMIN_EMAIL "${email}" is not a valid e-mail address; no administrator was created.`);
    return;
  }
  if (configured) {
    if (await findUserByEmail(db.pool, email)) return;
  } else if ((await countUsers(db.pool)) > 0) {
    return;
  }

  const problem = config.adminPassword === null ? null : passwordProblem(config.adminPassword, [email, FIRST_ADMIN_NAME]);
  if (problem) {
    log(`ADMIN_PASSWORD is refused: ${problem} No administrator was created.`);
    return;
  }
  const generated = config.adminPassword === null;
  const password = config.adminPassword ?? generatePassword();
  try {
    await createUser(db.pool, { email, name: FIRST_ADMIN_NAME, password });
  } catch (error) {
    // Another instance starting at the same moment created it first: nothing to do.
    if (error instanceof DuplicateEmailError) return;
    throw error;
  }
  if (generated) {
    log(
      `Created the first staff account ${email} with the password ${password} - it is shown only ` +
        'this once: sign in at /crm/login and change it (forgot password), or set ADMIN_EMAIL and ADMIN_PASSWORD.',
    );
  } else {
    log(`Created the staff account ${email} from ADMIN_EMAIL / ADMIN_PASSWORD.`);
  }
}
