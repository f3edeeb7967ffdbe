/**
 * The e-mail that tells a lead's owner the lead replied. It names no one (subject and body carry
 * no personal data): the link opens the lead's timeline in the CRM, behind the sign-in.
 */
import { COLLEGE } from '../../src/college';
import { escapeHtml } from '../../src/escape-html';
import type { MailMessage } from '../mail/mailer';

export const REPLY_NOTICE_SUBJECT = 'A lead you own replied';

export function replyNoticeMail(to: string, siteUrl: string, leadId: string): MailMessage {
  const link = `${siteUrl}/crm/leads/${leadId}`;
  const text = [
    'A lead you own replied to an e-mail from the CRM.',
    'Read the reply on the lead’s timeline:',
    '',
    link,
    '',
    `${COLLEGE.shortName} CRM`,
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#222">
<p>A lead you own replied to an e-mail from the CRM.</p>
<p><a href="${escapeHtml(link)}">Read the reply on the lead’s timeline</a></p>
<p>${escapeHtml(COLLEGE.shortName)} CRM</p>
</body></html>`;
  return { to, subject: REPLY_NOTICE_SUBJECT, text, html };
}
