/**
 * Rendering a lead_events row as a timeline entry, by kind (issue 30): one renderer per kind in a
 * registry the compiler checks against LeadEventKind, so a kind written without a renderer does
 * not compile. The kinds of the CRM's own work are drawn here; an area's own kinds (privacy,
 * events, applications, repeat inquiries and merges) in the area's timeline-entries module.
 */
import type { LeadStageId } from '../../src/lookups';
import type { StaffRef, TimelineEntry } from '../../src/crm-contract';
import { anonymisedEntry, privacyRequestEntry } from '../privacy';
import { mergedEntry, repeatInquiryEntry } from '../repeat/timeline-entries';
import { eventEntry } from '../events';
import { applicationEntry } from '../applications/application-events';
import type { LeadEventKind } from './lead-event-kinds';
import { str, type Renderer, type Renderers, type StoredDetail, type TimelineSources } from './renderer';

const consentEntry: Renderer<'consent_given' | 'consent_withdrawn'> = ({ kind, at, detail }) => ({
  kind: 'consent',
  at,
  by: null,
  given: kind === 'consent_given',
  method: str(detail.method),
});

const RENDERERS: Renderers = {
  note: ({ at, by, detail: d }) => ({ kind: 'note', at, by, text: str(d.text) }),
  stage: ({ at, by, detail: d }) => ({ kind: 'stage', at, by, from: d.from as LeadStageId, to: d.to as LeadStageId }),
  // Given by an assignment rule (server/assignment/): no actor, the rule's name instead.
  owner: ({ at, by, detail: d }, { staff }) => ({
    kind: 'owner',
    at,
    by,
    from: staff(d.from),
    to: staff(d.to),
    ...(typeof d.rule === 'string' ? { rule: d.rule } : {}),
  }),
  activity: ({ at, by, detail: d }, { activities }) => {
    const activity = activities.get(str(d.activity_id));
    return activity ? { kind: 'activity', at, by, activity } : null;
  },
  activity_done: ({ at, by, detail: d }) => ({
    kind: 'activity_done',
    at,
    by,
    activity_id: str(d.activity_id),
    subject: str(d.subject),
    done: d.done === true,
  }),
  email_sent: ({ at, by, detail: d }, { emails }) => {
    const email = emails.get(str(d.email_id));
    return email ? { kind: 'email_sent', at, by, email } : null;
  },
  reply: ({ at, by, detail: d }, { replies }) => {
    const reply = replies.get(str(d.reply_id));
    return reply ? { kind: 'reply', at, by, reply } : null;
  },
  consent_given: consentEntry,
  consent_withdrawn: consentEntry,
  sequence_enrolled: ({ at, by, detail: d }) => ({ kind: 'sequence_enrolled', at, by, sequence: str(d.sequence) }),
  sequence_step: ({ at, detail: d }) => ({
    kind: 'sequence_step',
    at,
    by: null,
    sequence: str(d.sequence),
    step: str(d.step),
    taken: d.outcome === 'taken',
    reason: str(d.reason),
  }),
  sequence_left: ({ at, by, detail: d }) => ({ kind: 'sequence_left', at, by, sequence: str(d.sequence), reason: str(d.text) }),
  privacy_opened: privacyRequestEntry,
  privacy_closed: privacyRequestEntry,
  anonymised: anonymisedEntry,
  event: eventEntry,
  application: applicationEntry,
  repeat_inquiry: repeatInquiryEntry,
  merged: mergedEntry,
};

export const isLeadEventKind = (kind: string): kind is LeadEventKind => Object.hasOwn(RENDERERS, kind);

function renderKind<K extends LeadEventKind>(
  kind: K,
  at: string,
  by: StaffRef | null,
  detail: StoredDetail<K>,
  sources: TimelineSources,
): TimelineEntry | null {
  const render: Renderer<K> = RENDERERS[kind];
  return render({ kind, at, by, detail }, sources);
}

/** The entry of one stored row; null for a kind this version does not know, or a row it cannot show. */
export function renderLeadEvent(
  kind: string,
  at: string,
  by: StaffRef | null,
  detail: Record<string, unknown>,
  sources: TimelineSources,
): TimelineEntry | null {
  return isLeadEventKind(kind) ? renderKind(kind, at, by, detail, sources) : null;
}
