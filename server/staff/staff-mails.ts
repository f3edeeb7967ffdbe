/** The staff invitation e-mail, as plain text plus simple HTML (like server/mail/templates.ts). */
import { COLLEGE } from '../../src/college';
import type { StaffRole } from '../../src/crm-contract';
import { escapeHtml } from '../../src/escape-html';
import type { MailMessage } from '../mail/mailer';

export function invitationMail(input: {
  to: string;
  name: string;
  invitedBy: string;
  role: StaffRole;
  link: string;
  validHours: number;
  expiresAt: Date;
}): MailMessage {
  const role = input.role === 'admin' ? 'an admin' : 'a counsellor';
  const text = [
    `Hello ${input.name},`,
    '',
    `${input.invitedBy} invited you to the ${COLLEGE.shortName} admissions CRM as ${role}.`,
    'To choose your password and sign in, open this link:',
    '',
    input.link,
    '',
    `The link works once and expires in ${input.validHours} hours.`,
    '',
    COLLEGE.name,
  ].join('\n');
  const link = escapeHtml(input.link);
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#222">
<p>Hello ${escapeHtml(input.name)},</p>
<p>${escapeHtml(input.invitedBy)} invited you to the ${escapeHtml(COLLEGE.shortName)} admissions CRM as ${role}.</p>
<p><a href="${link}">Choose your password</a></p>
<p>Or copy this address into your browser:<br>${link}</p>
<p>The link works once and expires in ${input.validHours} hours.</p>
<p>${escapeHtml(COLLEGE.name)}</p>
</body></html>`;
  return { to: input.to, subject: `You are invited to the ${COLLEGE.shortName} CRM`, text, html, secretExpiresAt: input.expiresAt };
}
