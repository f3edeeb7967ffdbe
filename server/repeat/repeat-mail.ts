/**
 * The e-mail to a lead's owner when the student inquires again (issue 23). The subject carries no
 * personal data (it appears in the mail worker's log lines); the body says what the timeline says.
 */
import type { MailMessage } from '../mail/mailer';
import { escapeHtml } from '../../src/escape-html';
import { repeatInquiryText, type RepeatInquiryDetail } from '../../src/repeat-inquiry';

export interface OwnerMailInput {
  to: string;
  ownerName: string;
  leadId: string;
  siteUrl: string;
  detail: RepeatInquiryDetail;
  student: { first_name: string; last_name: string };
}

export const REPEAT_MAIL_SUBJECT = 'A lead of yours inquired again';

export function ownerMail(input: OwnerMailInput): MailMessage {
  const link = `${input.siteUrl}/crm/leads/${input.leadId}`;
  const who = `${input.student.first_name} ${input.student.last_name}`.trim();
  const lines = [`Hello ${input.ownerName || 'there'},`, `${who}: ${repeatInquiryText(input.detail)}.`, `Open the lead: ${link}`];
  return {
    to: input.to,
    subject: REPEAT_MAIL_SUBJECT,
    text: `${lines.join('\n\n')}\n`,
    html: `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#222">\n${lines
      .slice(0, 2)
      .map((line) => `<p>${escapeHtml(line)}</p>`)
      .join('\n')}\n<p><a href="${escapeHtml(link)}">Open the lead in the CRM</a></p>\n</body></html>`,
  };
}
