/**
 * A lead_events row in the privacy export's page (issue 31): a staff note under "Notes", anything
 * else (a stage change, an e-mail sent, an event step…) as one sentence under "Changes to your
 * record". The kinds are those of server/timeline/lead-event-kinds.ts; a kind added later reads as its name.
 */
import { LEAD_STAGES } from '../../src/lookups';
import { privacyRequestTitle, type PrivacyRequestKind } from '../../src/privacy-contract';
import { filled, humanised, lookup, text, when, type ReadableRecord, type Row } from './readable-values';

const detailOf = (row: Row): Row => (row.detail && typeof row.detail === 'object' ? (row.detail as Row) : {});

const quoted = (value: unknown, before: string) => (text(value) ? `${before}${text(value)}` : '');

/** What happened, in words. */
function sentence(kind: string, d: Row): string {
  switch (kind) {
    case 'stage':
      return `Stage changed from ${lookup(LEAD_STAGES, d.from) || 'none'} to ${lookup(LEAD_STAGES, d.to) || 'none'}`;
    case 'owner':
      return 'Your adviser at the college changed';
    case 'activity':
      return 'An activity was planned (see Activities)';
    case 'activity_done':
      return `An activity was ${d.done === false ? 'reopened' : 'done'}${quoted(d.subject, ': ')}`;
    case 'email_sent':
      return 'An adviser sent you an e-mail (see E-mails)';
    case 'reply':
      return 'Your e-mail reached us (see E-mails)';
    case 'consent_given':
      return 'You agreed to e-mails about programs';
    case 'consent_withdrawn':
      return 'You unsubscribed from e-mails about programs';
    case 'sequence_enrolled':
      return `An e-mail series started${quoted(d.sequence, ': ')}`;
    case 'sequence_step':
      return `${d.outcome === 'taken' ? 'A step of an e-mail series was taken' : 'A step of an e-mail series was skipped'}${quoted(d.step, ': ')}`;
    case 'sequence_left':
      return `An e-mail series stopped${quoted(d.sequence, ': ')}`;
    case 'privacy_opened':
    case 'privacy_closed':
      return `${privacyRequestTitle(text(d.request) as PrivacyRequestKind) || 'A privacy request'} ${kind === 'privacy_opened' ? 'opened' : 'closed'}`;
    case 'anonymised':
      return 'Your details were anonymised';
    case 'merged':
      return 'Two of your inquiries were joined into one';
    case 'repeat_inquiry':
      return 'You asked again';
    case 'application':
      return `Your application: ${text(d.text) || humanised(text(d.action) || 'changed').toLowerCase()}`;
    case 'event':
      return `Event${quoted(d.title, ' ')}: ${humanised(text(d.action) || 'changed').toLowerCase()}`;
    default:
      return humanised(kind);
  }
}

export function timelineRecord(row: Row): ReadableRecord {
  const kind = text(row.kind);
  const d = detailOf(row);
  if (kind === 'note') {
    return { group: 'Notes', title: `Note of ${when(row.created_at)}`, fields: filled([['Note', text(d.text)]]) };
  }
  return { group: 'Changes to your record', title: sentence(kind, d), fields: filled([['When', when(row.created_at)]]) };
}
