/**
 * A lead_events row in the privacy export's page (issue 31): a staff note under "Notes", anything
 * else (a stage change, an e-mail sent, an event step…) as one sentence under "Changes to your
 * record". The kinds are those of server/timeline/lead-event-kinds.ts, each with its sentence.
 */
import { LEAD_STAGES } from '../../src/lookups';
import { privacyRequestTitle, type PrivacyRequestKind } from '../../src/privacy-contract';
import { filled, humanised, lookup, text, when, type ReadableRecord, type Row } from './readable-values';
import type { LeadEventKind } from '../timeline/lead-event-kinds';

const detailOf = (row: Row): Row => (row.detail && typeof row.detail === 'object' ? (row.detail as Row) : {});

const quoted = (value: unknown, before: string) => (text(value) ? `${before}${text(value)}` : '');

type Sentence = (detail: Row, kind: LeadEventKind) => string;

/**
 * What happened, in words, by kind: a kind added to LeadEventDetails without its sentence does not
 * compile (as the CRM's renderers, server/timeline/render.ts). Notes are records of their own.
 */
const SENTENCES: { [K in Exclude<LeadEventKind, 'note'>]: Sentence } = {
  stage: (d) => `Stage changed from ${lookup(LEAD_STAGES, d.from) || 'none'} to ${lookup(LEAD_STAGES, d.to) || 'none'}`,
  owner: () => 'Your adviser at the college changed',
  activity: () => 'An activity was planned (see Activities)',
  activity_done: (d) => `An activity was ${d.done === false ? 'reopened' : 'done'}${quoted(d.subject, ': ')}`,
  email_sent: () => 'An adviser sent you an e-mail (see E-mails)',
  reply: () => 'Your e-mail reached us (see E-mails)',
  consent_given: () => 'You agreed to e-mails about programs',
  consent_withdrawn: () => 'You unsubscribed from e-mails about programs',
  sequence_enrolled: (d) => `An e-mail series started${quoted(d.sequence, ': ')}`,
  sequence_step: (d) =>
    `${d.outcome === 'taken' ? 'A step of an e-mail series was taken' : 'A step of an e-mail series was skipped'}${quoted(d.step, ': ')}`,
  sequence_left: (d) => `An e-mail series stopped${quoted(d.sequence, ': ')}`,
  privacy_opened: privacyRequest,
  privacy_closed: privacyRequest,
  anonymised: () => 'Your details were anonymised',
  merged: () => 'Two of your inquiries were joined into one',
  repeat_inquiry: () => 'You asked again',
  application: (d) => `Your application: ${text(d.text) || humanised(text(d.action) || 'changed').toLowerCase()}`,
  event: (d) => `Event${quoted(d.title, ' ')}: ${humanised(text(d.action) || 'changed').toLowerCase()}`,
};

function privacyRequest(d: Row, kind: LeadEventKind): string {
  return `${privacyRequestTitle(text(d.request) as PrivacyRequestKind) || 'A privacy request'} ${kind === 'privacy_opened' ? 'opened' : 'closed'}`;
}

const isSentenceKind = (kind: string): kind is keyof typeof SENTENCES => Object.hasOwn(SENTENCES, kind);

/** A kind this version does not know (a newer version's row, restored) reads as its name. */
const sentence = (kind: string, d: Row): string => (isSentenceKind(kind) ? SENTENCES[kind](d, kind) : humanised(kind));

export function timelineRecord(row: Row): ReadableRecord {
  const kind = text(row.kind);
  const d = detailOf(row);
  if (kind === 'note') {
    return { group: 'Notes', title: `Note of ${when(row.created_at)}`, fields: filled([['Note', text(d.text)]]) };
  }
  return { group: 'Changes to your record', title: sentence(kind, d), fields: filled([['When', when(row.created_at)]]) };
}
