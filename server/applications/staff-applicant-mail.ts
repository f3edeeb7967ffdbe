/**
 * The mails staff actions send an applicant (issue 33): a returned document, a released decision.
 * Plain text and escaped HTML from the same paragraphs, in the house style of the other
 * transactional mails (subjects without personal data, as they appear in the mail worker's log),
 * each with the link to the portal, where the applicant signs in to act.
 */
import { COLLEGE, formatAddress } from '../../src/college';
import { escapeHtml } from '../../src/escape-html';
import type { MailMessage } from '../mail/mailer';

export const portalUrl = (siteUrl: string): string => `${siteUrl}/apply`;

export interface ApplicantMail {
  to: string;
  subject: string;
  /** Paragraphs of the body, the greeting included; a paragraph's single newlines are kept as line breaks. */
  paragraphs: string[];
  siteUrl: string;
}

const LINK_TEXT = 'Open your application';

export function applicantMail(mail: ApplicantMail): MailMessage {
  const url = portalUrl(mail.siteUrl);
  const signature = [`Admissions, ${COLLEGE.name}`, formatAddress(), COLLEGE.emails.admissions];
  const text = [...mail.paragraphs, `${LINK_TEXT}: ${url}`, signature.join('\n')].join('\n\n') + '\n';
  const body = mail.paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`).join('\n');
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#222">
${body}
<p><a href="${escapeHtml(url)}">${LINK_TEXT}</a></p>
<p style="color:#555;font-size:13px">${signature.map(escapeHtml).join('<br>')}</p>
</body></html>`;
  return { to: mail.to, subject: mail.subject, text, html };
}
