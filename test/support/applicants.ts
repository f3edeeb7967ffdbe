/**
 * Applicants for the portal's tests (issue 33): ask for a sign-in link through the API, read the
 * token from the queued mail (opened with the server's own key, as delivery would), and use it.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { MAIL_TEXT_CONTEXT } from '../../server/mail/mail-queue';
import type { TestServer } from './server';

const LINK = /\/apply\/sign-in#token=([A-Za-z0-9_-]+)/;

/** Every link mailed to `email` that reached the outbox (mail without SMTP_URL is written there as .eml files). */
function linksInOutbox(server: TestServer, email: string): string[] {
  const folder = path.join(server.config.dataDir, 'outbox');
  if (!fs.existsSync(folder)) return [];
  return fs.readdirSync(folder).flatMap((name) => {
    const raw = fs
      .readFileSync(path.join(folder, name), 'utf8')
      .replace(/=\r?\n/g, '')
      .replace(/=3D/g, '=');
    const token = raw.includes(email) && raw.includes('application link') ? LINK.exec(raw)?.[1] : undefined;
    return token ? [token] : [];
  });
}

/**
 * The newest unused sign-in link token mailed to `email`, from the queue while undelivered (opened
 * with the server's own key, as delivery would) or from the outbox once delivered; null when none
 * came within 5 s. "Unused" by the link's row, since two mails may reach the outbox in one moment.
 */
export async function mailedLinkToken(server: TestServer, email: string): Promise<string | null> {
  for (let waited = 0; waited < 5000; waited += 100) {
    const { rows } = await server.db.pool.query<{ text_body: string }>(
      `SELECT text_body FROM mail_queue WHERE to_address = $1 AND subject LIKE '%application link'`,
      [email],
    );
    const queued = rows
      .filter((row) => server.ctx.secrets.isSealed(row.text_body))
      .map((row) => LINK.exec(server.ctx.secrets.open(row.text_body, MAIL_TEXT_CONTEXT))?.[1] ?? '');
    const tokens = [...queued, ...linksInOutbox(server, email)].filter(Boolean);
    const hashes = tokens.map((token) => crypto.createHash('sha256').update(token, 'utf8').digest());
    const unused = await server.db.pool.query<{ token_hash: Buffer }>(
      'SELECT token_hash FROM applicant_links WHERE token_hash = ANY($1::bytea[]) AND used_at IS NULL ORDER BY created_at DESC LIMIT 1',
      [hashes],
    );
    const newest = unused.rows[0]?.token_hash;
    if (newest) return tokens[hashes.findIndex((hash) => hash.equals(newest))] ?? null;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return null;
}

export async function askForLink(server: TestServer, email: string, courseId = '', ip = '203.0.113.9') {
  return server.app.inject({
    method: 'POST',
    url: '/api/applicant/sign-in-link',
    payload: { email, course_id: courseId },
    remoteAddress: ip,
  });
}

let signIns = 0;

/** Signs `email` in through a mailed link; the applicant's bearer token. */
export async function signInApplicant(server: TestServer, email: string, courseId = ''): Promise<string> {
  // A client address of its own per sign-in, so the per-client limit never counts the test's own sign-ins.
  signIns += 1;
  const asked = await askForLink(server, email, courseId, `2001:db8:${signIns.toString(16)}::1`);
  if (asked.statusCode !== 200) throw new Error(`link request answered ${asked.statusCode}: ${asked.body}`);
  const token = await mailedLinkToken(server, email);
  if (!token) throw new Error(`no link mailed to ${email}`);
  const session = await server.app.inject({ method: 'POST', url: '/api/applicant/session', payload: { token } });
  if (session.statusCode !== 200) throw new Error(`session answered ${session.statusCode}: ${session.body}`);
  return session.json<{ token: string }>().token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Complete answers of every step for a local applicant (program and intake given by the test). */
export function completeAnswers(courseId: string, intakeId: string) {
  return {
    first_name: 'Amira',
    last_name: 'Haddad',
    phone: '416-555-0199',
    date_of_birth: '1998-04-02',
    address: '100 Queen St W',
    city: 'Toronto',
    province: 'ON',
    postal_code: 'M5H 2N2',
    country: 'Canada',
    residency: 'local',
    course_id: courseId,
    intake_id: intakeId,
    education_level: 'High school diploma',
    institution: 'Central Tech',
    study_country: 'Canada',
    completion_year: '2016',
    declare_true: true,
    accept_privacy: true,
  };
}
