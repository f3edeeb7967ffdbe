/** The applicant portal's own e-mail: the sign-in link (issue 33). Plain text plus simple HTML, like every mail. */
import { COLLEGE } from '../../src/college';
import { escapeHtml } from '../../src/escape-html';
import type { MailMessage } from '../mail/mailer';

export function signInLinkMail(input: { to: string; link: string; validMinutes: number; expiresAt: Date }): MailMessage {
  const text = [
    'Hello,',
    '',
    `To start or continue your application to ${COLLEGE.name}, open this link:`,
    '',
    input.link,
    '',
    `The link works once and expires in ${input.validMinutes} minutes. If you did not ask for it, ignore this e-mail.`,
    '',
    COLLEGE.name,
  ].join('\n');
  const link = escapeHtml(input.link);
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#222">
<p>Hello,</p>
<p>To start or continue your application to ${escapeHtml(COLLEGE.name)}, open this link:</p>
<p><a href="${link}">Open your application</a></p>
<p>Or copy this address into your browser:<br>${link}</p>
<p>The link works once and expires in ${input.validMinutes} minutes. If you did not ask for it, ignore this e-mail.</p>
<p>${escapeHtml(COLLEGE.name)}</p>
</body></html>`;
  return { to: input.to, subject: `Your ${COLLEGE.shortName} application link`, text, html, secretExpiresAt: input.expiresAt };
}
