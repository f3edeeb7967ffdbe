/**
 * Every kind of lead_events row and the `detail` each one carries (issue 30): the one list the
 * writer (lead-events.ts) and the timeline's renderers (render.ts) are checked against, so a kind
 * cannot be written without a renderer, nor a detail key read that no writer writes. The table
 * itself only checks a kind's shape (migration 017). Rows written before a key existed, tests'
 * hand-made rows and anonymised text ("[removed]") mean a stored detail is read defensively all the
 * same (renderer.ts).
 */
import type { LeadStageId } from '../../src/lookups';
import type { EmailPurpose } from '../../src/outreach-contract';
import type { EventTimelineAction } from '../../src/events-contract';
import type { ApplicationTimelineAction } from '../../src/application-contract';
import type { PrivacyRequestKind } from '../../src/privacy-contract';

/** A sequence's name and id as they were when the row was written. */
interface SequenceDetail {
  sequence_id: string;
  sequence: string;
}

interface PrivacyRequestDetail {
  request_id: number;
  request: PrivacyRequestKind;
}

/** How the person gave or withdrew consent (consent_records.method, server/consent/consent-store.ts). */
interface ConsentDetail {
  method: string;
}

export interface LeadEventDetails {
  note: { text: string };
  stage: { from: LeadStageId; to: LeadStageId };
  /** Staff ids; an assignment rule's change also names itself (`by`, `rule`) and has no actor. */
  owner: { from: string | null; to: string | null; by?: string; rule?: string };
  activity: { activity_id: string };
  activity_done: { activity_id: string; subject: string; done: boolean };
  email_sent: {
    email_id: string;
    purpose: EmailPurpose;
    origin: { kind: 'staff' } | { kind: 'sequence'; sequenceId: string; stepId: string };
    direct_answer_marked_by?: string | null;
  };
  reply: { reply_id: string; subject: string; from: string };
  consent_given: ConsentDetail;
  consent_withdrawn: ConsentDetail;
  sequence_enrolled: SequenceDetail & { by_rule: boolean };
  sequence_step: SequenceDetail & { step_id: string; step: string; outcome: 'taken' | 'skipped'; reason: string };
  /** `reason`: exit-conditions.ts LeftReason, or 'completed'; `text` says it in words. */
  sequence_left: SequenceDetail & { reason: string; text: string };
  privacy_opened: PrivacyRequestDetail;
  privacy_closed: PrivacyRequestDetail;
  /** How many rows the anonymisation overwrote, in all tables. */
  anonymised: { rows: number };
  merged: { merged_id: string; merged_name: string; merged_email: string; fields_taken: string[]; moved: Record<string, number> };
  repeat_inquiry: { inquiry_id: string; course_id: string | null; course_name: string | null; origin: string | null; source: number };
  /** The event as it was at that moment (`starts_at` as PostgreSQL writes a timestamptz in JSON). */
  event: { action: EventTimelineAction; event_id: string; title: string; starts_at: string };
  application: { action: ApplicationTimelineAction; application_id: string; text: string };
}

export type LeadEventKind = keyof LeadEventDetails;

/** One row to write: a union discriminated on `kind`, each kind with its own `detail`. */
export type LeadEvent = {
  [K in LeadEventKind]: {
    kind: K;
    leadId: string;
    /** The staff member who acted; null for the person, a rule or the system. */
    actorId: string | null;
    detail: LeadEventDetails[K];
    /** When it happened; the transaction's start (the column's default) when left out. */
    at?: Date;
  };
}[LeadEventKind];
