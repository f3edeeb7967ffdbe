/** The e-mails we send, as plain text plus simple HTML. */
import { COLLEGE } from '../../src/college';
import { escapeHtml } from '../../src/escape-html';
import type { MailMessage } from './mailer';

export function resetPasswordMail(input: { to: string; name: string; link: string; validMinutes: number; expiresAt: Date }): MailMessage {
  const hours =
    input.validMinutes % 60 === 0
      ? `${input.validMinutes / 60} hour${input.validMinutes === 60 ? '' : 's'}`
      : `${input.validMinutes} minutes`;
  const text = [
    `Hello ${input.name},`,
    '',
    `Someone asked to reset the password of your ${COLLEGE.shortName} staff account.`,
    'To choose a new password, open this link:',
    '',
    input.link,
    '',
    `The link works once and expires in ${hours}. If you did not ask for it, ignore this e-mail:`,
    'your password stays as it is.',
    '',
    COLLEGE.name,
  ].join('\n');
  const link = escapeHtml(input.link);
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#222">
<p>Hello ${escapeHtml(input.name)},</p>
<p>Someone asked to reset the password of your ${escapeHtml(COLLEGE.shortName)} staff account.</p>
<p><a href="${link}">Choose a new password</a></p>
<p>Or copy this address into your browser:<br>${link}</p>
<p>The link works once and expires in ${hours}. If you did not ask for it, ignore this e-mail: your password stays as it is.</p>
<p>${escapeHtml(COLLEGE.name)}</p>
</body></html>`;
  return { to: input.to, subject: `Reset your ${COLLEGE.shortName} password`, text, html, secretExpiresAt: input.expiresAt };
}
