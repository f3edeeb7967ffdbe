/**
 * The mail every active admin gets when a backup fails: what failed, when (Toronto time), the
 * error as the backup reported it, and what to do. The subject carries no detail (it reaches the
 * mail worker's log); the error text is the backup's own (a path, a system error), no personal data.
 */
import { COLLEGE } from '../../src/college';
import { escapeHtml } from '../../src/escape-html';
import type { MailMessage } from '../mail/mailer';
import type { BackupReason } from './backup-types';

const WHEN = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto', dateStyle: 'full', timeStyle: 'short' });

const WHICH: Record<BackupReason, string> = {
  scheduled: 'The daily backup',
  manual: 'A backup started with npm run backup',
  'before-migrate': 'The backup before an upgrade',
};

export interface BackupFailure {
  reason: BackupReason;
  at: Date;
  error: string;
  backupDir: string;
}

export function backupFailedMail(to: string, failure: BackupFailure): MailMessage {
  const paragraphs = [
    `${WHICH[failure.reason]} failed on ${WHEN.format(failure.at)} (Toronto time). No backup file was written.`,
    `The error was: ${failure.error}`,
    `Backups are written to ${failure.backupDir} on the server. Please check that this folder exists, that the server may ` +
      'write to it and that its disk has room, then make a backup by hand with "npm run backup" ' +
      '(docs/operations.md, "Backups"). The older backup files are kept until a new one succeeds.',
  ];
  const text = [...paragraphs, '', COLLEGE.name].join('\n\n');
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#222">
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
<p>${escapeHtml(COLLEGE.name)}</p></body></html>`;
  return { to, subject: 'A backup of the college database failed', text, html };
}
