/**
 * The mails of assignment and speed to lead, to staff: "leads assigned to you", "leads left
 * unassigned" (every member at the cap) and the speed-to-lead reminder. One mail per recipient per
 * pass lists that pass's leads. Subjects carry no personal data (they reach the mail worker's log);
 * bodies name each lead and link to it in the CRM.
 */
import { COLLEGE } from '../../src/college';
import { escapeHtml } from '../../src/escape-html';
import type { MailMessage } from '../mail/mailer';

export interface LeadLine {
  id: string;
  name: string;
  /** Said after the name, e.g. the course or the contact deadline. */
  note: string;
}

const DEADLINE = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto', dateStyle: 'medium', timeStyle: 'short' });
export const formatDeadline = (at: Date) => DEADLINE.format(at);

function listMail(to: string, subject: string, intro: string, leads: readonly LeadLine[], siteUrl: string): MailMessage {
  const link = (id: string) => `${siteUrl}/crm/leads/${id}`;
  const text = [intro, '', ...leads.map((l) => `- ${l.name}${l.note ? ` (${l.note})` : ''}: ${link(l.id)}`), '', COLLEGE.name].join('\n');
  const items = leads
    .map((l) => `<li><a href="${escapeHtml(link(l.id))}">${escapeHtml(l.name)}</a>${l.note ? ` (${escapeHtml(l.note)})` : ''}</li>`)
    .join('');
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#222">
<p>${escapeHtml(intro)}</p><ul>${items}</ul><p>${escapeHtml(COLLEGE.name)}</p></body></html>`;
  return { to, subject, text, html };
}

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many.replace('#', String(n)));

export function assignedMail(to: string, leads: readonly LeadLine[], hours: number, siteUrl: string): MailMessage {
  return listMail(
    to,
    plural(leads.length, 'A new lead is assigned to you', '# new leads are assigned to you'),
    `The assignment rules gave you ${plural(leads.length, 'a new lead', '# new leads')}. ` +
      `Please contact ${plural(leads.length, 'it', 'them')} within ${hours} business hours; ` +
      'a task for each is in My work.',
    leads,
    siteUrl,
  );
}

export function unassignedMail(to: string, leads: readonly LeadLine[], siteUrl: string): MailMessage {
  return listMail(
    to,
    plural(leads.length, 'A new lead was left unassigned', '# new leads were left unassigned'),
    'Every counsellor of the matching assignment rule is at the cap of open New Lead leads (or none can receive leads), ' +
      'so these leads have no owner. Please assign them in the CRM.',
    leads,
    siteUrl,
  );
}

export function speedReminderMail(to: string, leads: readonly LeadLine[], hours: number, siteUrl: string): MailMessage {
  return listMail(
    to,
    plural(leads.length, 'A new lead is waiting for first contact', '# new leads are waiting for first contact'),
    `No call, e-mail or meeting has been logged within ${hours} business hours for ${plural(leads.length, 'this lead', 'these leads')}.`,
    leads,
    siteUrl,
  );
}
