/**
 * The two e-mails a new lead sends: a summary to the admissions inbox with a link to the lead in
 * the CRM, and a confirmation to the student (what happens next, how to reach us). The mail worker
 * renders them from the stored lead (server/leads/lead-notifier.ts), so a lead replayed from the
 * outage spool sends them too, and a duplicate sends nothing. Subjects carry no personal
 * data (they appear in the mail worker's log lines).
 */
import { COLLEGE, formatAddress } from '../../src/college';
import { COURSE_TYPES, LEAD_SOURCES, LOCATIONS, lookupTitle } from '../../src/lookups';
import { NEED_ADVICE_COURSE_ID } from '../../src/contract';
import type { Catalogue } from '../catalogue/catalogue';
import type { MailMessage } from '../mail/mailer';
import { escapeHtml } from '../../src/escape-html';
import { formatPhone } from '../../src/phone-format';
import { NEED_ADVICE_COURSE_NAME } from '../crm';
import type { LeadRecord } from './lead-record';
import { OPT_IN_LINK_TEXT, OPT_IN_SENTENCE } from '../consent';
import type { MailLink } from '../consent';

export interface LeadMailSettings {
  siteUrl: string;
  admissionsEmail: string;
  catalogue: Catalogue;
  /**
   * The address's consent page (server/consent/consent-token.ts, no database read), linked from
   * the confirmation so a student can opt in to news (express consent, CASL). Absent: no link.
   */
  /** The mail's own opt-in link and its expiry (server/consent/consent-token.ts). */
  optInUrl?: (email: string) => MailLink;
}

function courseOf(lead: LeadRecord, catalogue: Catalogue): string | null {
  if (!lead.course_id) return null;
  if (lead.course_id === NEED_ADVICE_COURSE_ID) return NEED_ADVICE_COURSE_NAME;
  return catalogue.courseById(lead.course_id)?.course_name ?? null;
}

/**
 * Made once: `toLocaleString` with options builds a new formatter (and loads its locale data) on
 * every call, which was 15 % of a lead's CPU time under load.
 */
const RECEIVED_AT = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto', dateStyle: 'medium', timeStyle: 'short' });

const paragraphs = (lines: string[]) => lines.map((line) => (line ? `<p>${escapeHtml(line)}</p>` : '')).join('\n');
const page = (body: string) => `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#222">\n${body}\n</body></html>`;

/** `registration`: the lead was made by an event registration, not sent through the inquiry form. */
export function admissionsMail(lead: LeadRecord, settings: LeadMailSettings, how: 'inquiry' | 'registration' = 'inquiry'): MailMessage {
  const course = courseOf(lead, settings.catalogue);
  const link = `${settings.siteUrl}/crm/leads/${lead.id}`;
  const rows: [string, string][] = [
    ['Name', `${lead.first_name} ${lead.last_name}`],
    ['E-mail', lead.email],
    // As staff dial it (416-555-0123; +44 20 7946 0958 abroad), not as stored (+14165550123).
    ['Phone', formatPhone(lead.phone).text],
    ['Course', course ?? 'Not chosen'],
    ['Course type', lookupTitle(COURSE_TYPES, lead.course_type) || 'Not chosen'],
    ['Applies as', lookupTitle(LOCATIONS, lead.location)],
    // The form asks about financial aid only of local students.
    ...(lead.location === 1 ? [['Financial aid help', lead.financial_aid ? 'Yes' : 'No'] as [string, string]] : []),
    ['Source', lookupTitle(LEAD_SOURCES, lead.source)],
    ['Received', RECEIVED_AT.format(new Date(lead.created_at))],
  ];
  const opening =
    how === 'inquiry'
      ? 'A new inquiry arrived through the website.'
      : 'A new person registered for an event through the website (see the event on the lead’s timeline).';
  const text = [opening, '', ...rows.map(([k, v]) => `${k}: ${v}`), '', `Open it in the CRM: ${link}`].join('\n');
  const table = rows.map(([k, v]) => `<tr><th align="left">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`).join('');
  const html = page(`<p>${escapeHtml(opening)}</p><table>${table}</table>
<p><a href="${escapeHtml(link)}">Open the lead in the CRM</a></p>`);
  const subject =
    how === 'inquiry' ? `New inquiry: ${course ?? 'no course chosen'}` : `New event registration: ${course ?? 'no course chosen'}`;
  return { to: settings.admissionsEmail, subject, text, html };
}

/** Longest first name the confirmation greets by name. */
export const GREETING_NAME_MAX = 40;
/** Letters (accented ones too, with their combining marks), spaces, hyphens and apostrophes. */
const NAME_LIKE = /^\p{L}[\p{L}\p{M} '’-]*$/u;

/**
 * The confirmation's first line. Anyone can type anything into the form and choose where this
 * mail goes, so the only typed value it repeats is a first name that looks like one; anything
 * else (a URL, a sales pitch, 100 characters of text) gets a plain "Hello,".
 */
export function greeting(firstName: string): string {
  const name = firstName.trim();
  return name.length <= GREETING_NAME_MAX && NAME_LIKE.test(name) ? `Hello ${name},` : 'Hello,';
}

/**
 * The auto-reply to the address the form was given. It carries no typed value but a name-like
 * first name (above); the course name comes from the catalogue. The lead notifier sends it at most
 * once a day per address (server/leads/lead-notifier.ts).
 */
/** The confirmation's way into the applicant portal (issue 33). */
export const START_APPLICATION_SENTENCE = 'Ready to apply?';
export const START_APPLICATION_TEXT = 'Start your application';

export function studentConfirmationMail(lead: LeadRecord, settings: LeadMailSettings): MailMessage {
  const course = courseOf(lead, settings.catalogue);
  const hours = COLLEGE.hours.map((h) => `${h.days}: ${h.time}`);
  const lines = [
    greeting(lead.first_name),
    '',
    `Thank you for your interest in ${course && lead.course_id !== NEED_ADVICE_COURSE_ID ? course : 'our programs'} at ${COLLEGE.name}.`,
    'What happens next: an admissions adviser will call or e-mail you within one business day to answer your questions,' +
      ' talk about start dates, fees and funding, and help you choose the right program.',
  ];
  // Issue 33: the way into the applicant portal, beside (never instead of) what the inquiry's confirmation says.
  const applyQuery = lead.course_id && lead.course_id !== NEED_ADVICE_COURSE_ID ? `?course=${lead.course_id}` : '';
  const applyUrl = `${settings.siteUrl}/apply${applyQuery}`;
  const applyLine = `${START_APPLICATION_SENTENCE} ${START_APPLICATION_TEXT}: ${applyUrl}`;
  const applyHtml = `<p>${escapeHtml(START_APPLICATION_SENTENCE)} <a href="${escapeHtml(applyUrl)}">${escapeHtml(START_APPLICATION_TEXT)}</a></p>`;
  const rest = [
    '',
    'If you would like to reach us sooner:',
    `Phone: ${COLLEGE.phone}`,
    `E-mail: ${settings.admissionsEmail}`,
    `Campus: ${formatAddress()}`,
    ...hours,
    '',
    'If you did not send this inquiry, you can ignore this e-mail.',
    '',
    COLLEGE.name,
  ];
  const link = settings.optInUrl?.(lead.email);
  const optIn = link?.url;
  // The one sentence and link that ask for express consent; nothing else in this mail is commercial.
  const optInText = optIn ? `\n\n${OPT_IN_SENTENCE}\n${OPT_IN_LINK_TEXT}: ${optIn}` : '';
  const optInHtml = optIn
    ? `\n<p>${escapeHtml(OPT_IN_SENTENCE)} <a href="${escapeHtml(optIn)}">${escapeHtml(OPT_IN_LINK_TEXT)}</a></p>`
    : '';
  return {
    to: lead.email,
    subject: `We received your inquiry - ${COLLEGE.shortName}`,
    text: [...lines, '', applyLine, ...rest].join('\n') + optInText,
    html: page(paragraphs(lines) + applyHtml + paragraphs(rest) + optInHtml),
    ...(link ? { secretExpiresAt: link.expiresAt } : {}),
  };
}
