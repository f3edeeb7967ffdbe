/**
 * The framed block `npm start` prints once it listens: where the site and the staff sign-in are,
 * and, on the very first start, the generated staff account. Plain text on stdout, apart from the
 * log lines, so a newcomer sees it even when logs scroll.
 */
import { COLLEGE } from '../src/college';
import type { CreatedAdmin } from './auth/first-admin';

export interface StartupFacts {
  /** The public address (SITE_URL, or http://localhost:PORT). */
  siteUrl: string;
  createdAdmin: CreatedAdmin | null;
  /** The embedded database's folder, or null with DATABASE_URL. */
  embeddedDatabaseDir: string | null;
  /** The key file that encrypts secrets at rest (null: SECRETS_KEY), and whether this start created it. */
  secretsKey?: { file: string | null; created: boolean };
  /**
   * Seconds from this process's start to listening: with `npm start` that is the whole start, the
   * build included when one ran (scripts/start.mjs builds in the same process before importing us).
   */
  readySeconds?: number;
}

function frame(lines: string[]): string {
  const width = Math.max(...lines.map((line) => line.length));
  const rule = '─'.repeat(width + 4);
  return [`┌${rule}┐`, ...lines.map((line) => `│  ${line.padEnd(width)}  │`), `└${rule}┘`].join('\n');
}

function secretsKeyLines(secretsKey: StartupFacts['secretsKey']): string[] {
  if (!secretsKey) return [];
  if (!secretsKey.file) return ['Secrets key      SECRETS_KEY (environment)'];
  return [
    `Secrets key      ${secretsKey.file}${secretsKey.created ? ' (created now)' : ''}`,
    '                 Back this file up, apart from the data folder: without it',
    '                 two-factor secrets and queued reset mails cannot be read.',
  ];
}

function readyLine(readySeconds: number | undefined): string[] {
  if (readySeconds === undefined) return [];
  return [`Ready in         ${readySeconds.toFixed(1)} s from the start of this process (any build included)`];
}

export function startupBanner({ siteUrl, createdAdmin, embeddedDatabaseDir, secretsKey, readySeconds }: StartupFacts): string {
  const lines = [
    `${COLLEGE.name}: site, inquiry widget and API are running`,
    '',
    `Site             ${siteUrl}/`,
    `Staff sign-in    ${siteUrl}/crm/login`,
    `Widget script    ${siteUrl}/widget/college-inquiry.js`,
  ];
  if (createdAdmin?.generatedPassword) {
    lines.push(
      '',
      'First staff account (shown only this once, copy it now):',
      `  E-mail         ${createdAdmin.email}`,
      `  Password       ${createdAdmin.generatedPassword}`,
      'Sign in, then set your own password in My account → Change password,',
      'and turn on two-factor sign-in there too.',
    );
  }
  lines.push(
    '',
    embeddedDatabaseDir ? `Database         embedded PGlite in ${embeddedDatabaseDir}` : 'Database         PostgreSQL (DATABASE_URL)',
    ...secretsKeyLines(secretsKey),
    ...readyLine(readySeconds),
    'Stop with Ctrl+C. Configuration: README.md.',
  );
  return frame(lines);
}
