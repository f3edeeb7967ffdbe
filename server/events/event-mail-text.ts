/**
 * The words of the event mails (issue 24): plain text and HTML from the same lines, the house
 * style of server/leads/lead-mails.ts (a name-like first name or "Hello,"; subjects without
 * personal data, as they appear in the mail worker's log). Transactional, so no unsubscribe, but
 * the sender's identification closes every one of them.
 */
import { formatHoldDeadline } from '../../src/college-time';
import { COLLEGE, formatAddress } from '../../src/college';
import { escapeHtml } from '../../src/escape-html';
import { greeting } from '../leads';
import type { EventRow } from './event-rows';
import { eventLocation } from './event-calendar';
import { OPT_IN_LINK_TEXT, OPT_IN_SENTENCE } from '../consent';

export type EventMailKind = 'confirmation' | 'waitlisted' | 'promoted' | 'cancelled' | 'event_cancelled' | 'reminder_24h' | 'reminder_1h';

export interface EventMailFacts {
  kind: EventMailKind;
  event: EventRow;
  firstName: string;
  /** Only for a person with a seat; null otherwise (or a campus event). */
  onlineUrl: string | null;
  cancelUrl: string | null;
  /** Set while the place waits for the address's confirmation (seat-holds.ts): until when. */
  confirmBy: Date | null;
  /** The person ticked "keep me informed": their own consent link (double opt-in, issue 35). */
  optInUrl: string | null;
  eventUrl: string;
  /** The site's list of upcoming events. */
  listUrl: string;
}

const DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Toronto',
  weekday: 'long',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
});
const TIME = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto', hour: 'numeric', minute: '2-digit' });

/** "Thursday, December 3, 2026, 6:00 p.m. to 7:30 p.m. (Toronto time)"; a second date when it ends another day. */
export function whenText(start: Date, end: Date): string {
  const sameDay = DAY.format(start) === DAY.format(end);
  const until = sameDay ? TIME.format(end) : `${DAY.format(end)}, ${TIME.format(end)}`;
  return `${DAY.format(start)}, ${TIME.format(start)} to ${until} (Toronto time)`;
}

export function subjectOf(kind: EventMailKind, title: string): string {
  switch (kind) {
    case 'confirmation':
      return `You are registered: ${title}`;
    case 'waitlisted':
      return `You are on the waitlist: ${title}`;
    case 'promoted':
      return `A seat opened up, you are registered: ${title}`;
    case 'cancelled':
      return `Your registration is cancelled: ${title}`;
    case 'event_cancelled':
      return `Cancelled: ${title}`;
    case 'reminder_24h':
      return `Reminder: ${title} starts in 24 hours`;
    case 'reminder_1h':
      return `Reminder: ${title} starts in one hour`;
  }
}

function opening(facts: EventMailFacts): string[] {
  const title = facts.event.title;
  switch (facts.kind) {
    case 'confirmation':
      return [`You are registered for ${title}. We look forward to seeing you.`];
    case 'waitlisted':
      return [
        `${title} is full, so you are on the waitlist.`,
        'If a seat opens up, you get it automatically and we e-mail you at once. Your place in line is on the page of the link below.',
      ];
    case 'promoted':
      return [`Good news: a seat opened up for ${title}, and it is yours. You are now registered.`];
    case 'cancelled':
      return [`Your registration for ${title} is cancelled, as you asked. You are welcome to register again while seats are available.`];
    case 'event_cancelled':
      return [
        `We are sorry: ${title} has been cancelled. Your registration no longer applies.`,
        `See our other upcoming events: ${facts.listUrl}`,
      ];
    case 'reminder_24h':
      return [`A reminder: ${title} starts in 24 hours.`];
    case 'reminder_1h':
      return [`A reminder: ${title} starts in one hour.`];
  }
}

const CONFIRM_KINDS: readonly EventMailKind[] = ['confirmation', 'waitlisted', 'promoted'];
const IGNORE = 'If you do not, the place is released. If you did not register, you can ignore this e-mail.';

/** The request to confirm a held place, for the mails that give or keep one: text and HTML. */
function confirmRequest(facts: EventMailFacts): { text: string[]; html: string } {
  if (!facts.confirmBy || !facts.cancelUrl || !CONFIRM_KINDS.includes(facts.kind)) return { text: [], html: '' };
  const by = `Please confirm your place by ${formatHoldDeadline(facts.confirmBy)} (Toronto time)`;
  return {
    text: ['', `${by}: ${facts.cancelUrl}`, IGNORE],
    html: `<p>${escapeHtml(by)}: <a href="${escapeHtml(facts.cancelUrl)}">Confirm my place</a>. ${escapeHtml(IGNORE)}</p>`,
  };
}

export interface EventMailBody {
  subject: string;
  text: string;
  html: string;
}

const IDENTIFICATION = [
  `${COLLEGE.name}, ${formatAddress()}, ${COLLEGE.address.country}`,
  `Phone ${COLLEGE.phone} · ${COLLEGE.emails.admissions}`,
  'You receive this e-mail because you registered for one of our events.',
];

export function eventMailBody(facts: EventMailFacts): EventMailBody {
  const { event } = facts;
  const details: [string, string][] = [
    ['Event', event.title],
    ['When', whenText(event.starts_at, event.ends_at)],
    ['Where', eventLocation(event, facts.onlineUrl)],
  ];
  const cancel = facts.cancelUrl ? [`Cannot come? Cancel your registration (no sign-in needed): ${facts.cancelUrl}`] : [];
  const confirm = confirmRequest(facts);
  const optIn = facts.optInUrl ? [`${OPT_IN_SENTENCE}\n${OPT_IN_LINK_TEXT}: ${facts.optInUrl}`] : [];
  const lines = [
    greeting(facts.firstName),
    '',
    ...opening(facts),
    ...confirm.text,
    '',
    ...details.map(([k, v]) => `${k}: ${v}`),
    `Details: ${facts.eventUrl}`,
  ];
  const text = [
    ...lines,
    ...(cancel.length ? ['', ...cancel] : []),
    ...(optIn.length ? ['', ...optIn] : []),
    '',
    '--',
    ...IDENTIFICATION,
  ].join('\n');

  const table = details.map(([k, v]) => `<tr><th align="left">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`).join('');
  const paragraphs = [greeting(facts.firstName), ...opening(facts)].map((line) => `<p>${escapeHtml(line)}</p>`).join('\n') + confirm.html;
  const cancelHtml = facts.cancelUrl
    ? `<p>Cannot come? <a href="${escapeHtml(facts.cancelUrl)}">Cancel your registration</a> (no sign-in needed).</p>`
    : '';
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#222">
${paragraphs}
<table>${table}</table>
<p><a href="${escapeHtml(facts.eventUrl)}">The event's page</a></p>
${cancelHtml}
${facts.optInUrl ? `<p>${escapeHtml(OPT_IN_SENTENCE)} <a href="${escapeHtml(facts.optInUrl)}">${escapeHtml(OPT_IN_LINK_TEXT)}</a></p>` : ''}
<hr><p style="font-size:12px;color:#555">${IDENTIFICATION.map(escapeHtml).join('<br>')}</p>
</body></html>`;
  return { subject: subjectOf(facts.kind, event.title), text, html };
}
