/**
 * Wire types of the staff CRM's follow-up work (issue 11): activities, the lead timeline, staff
 * accounts and roles. Times are ISO strings; ids are 24-hex strings.
 */
import type { Id } from './contract';
import type { ActivityTypeId, LeadStageId, StatusId } from './lookups';
import type { EmailPurpose } from './outreach-contract';
import type { PrivacyRequestKind } from './privacy-contract';
import type { EventTimelineAction } from './events-contract';
import type { ApplicationTimelineAction } from './application-contract';

export type StaffRole = 'admin' | 'counsellor';
export const STAFF_ROLES: readonly { id: StaffRole; title: string }[] = [
  { id: 'admin', title: 'Admin' },
  { id: 'counsellor', title: 'Counsellor' },
];

export interface StaffRef {
  _id: Id;
  name: string;
}

/** A follow-up on a lead: a Call, Email, Meeting or Task (seed activity types). */
export interface Activity {
  _id: Id;
  lead_id: Id;
  lead_name: string;
  type: ActivityTypeId;
  subject: string;
  notes: string;
  due_at: string;
  owner: StaffRef;
  done: boolean;
  done_at: string | null;
  done_by: StaffRef | null;
  created_by: StaffRef;
  created_at: string;
  version: number;
}

export interface ActivityList {
  activities: Activity[];
  /** Open activities of the listed owner due before now, and due today (college days). */
  counts: ActivityCounts;
}

export interface ActivityCounts {
  overdue: number;
  due_today: number;
}

/** POST /api/crm/leads/:id/activities */
export interface NewActivityBody {
  type: ActivityTypeId;
  subject: string;
  notes?: string;
  due_at: string;
  owner_id: Id;
}

/** PATCH /api/crm/activities/:id: `version` plus any field to change; `done` marks it (un)done. */
export interface ActivityChangeBody {
  version: number;
  done?: boolean;
  type?: ActivityTypeId;
  subject?: string;
  notes?: string;
  due_at?: string;
  owner_id?: Id;
}

/** PATCH /api/crm/leads/:id */
export interface LeadChangeBody {
  version: number;
  stage?: LeadStageId;
  owner_id?: Id | null;
}

export type TimelineEntry =
  /** How the lead came: the inquiry form, or an event registration (issue 31: not an inquiry). */
  | { kind: 'inquiry'; at: string; by: null; via: 'inquiry_form' | 'event_registration' }
  | { kind: 'note'; at: string; by: StaffRef | null; text: string }
  | { kind: 'stage'; at: string; by: StaffRef | null; from: LeadStageId; to: LeadStageId }
  /** `rule`: the assignment rule that chose the owner (issue 23); then `by` is null. */
  | { kind: 'owner'; at: string; by: StaffRef | null; from: StaffRef | null; to: StaffRef | null; rule?: string }
  | { kind: 'activity'; at: string; by: StaffRef | null; activity: Activity }
  | { kind: 'activity_done'; at: string; by: StaffRef | null; activity_id: Id; subject: string; done: boolean }
  | { kind: 'email_sent'; at: string; by: StaffRef | null; email: SentEmail }
  /** A privacy request opened or closed (`request` is null once the person was anonymised). */
  | { kind: 'privacy_request'; at: string; by: StaffRef | null; action: 'opened' | 'closed'; request: PrivacyRequestKind | null }
  /** The person's personal data was anonymised (by null: the retention schedule). */
  | { kind: 'anonymised'; at: string; by: StaffRef | null }
  | { kind: 'reply'; at: string; by: StaffRef | null; reply: TimelineReply }
  /** The person opted in to commercial e-mail (given) or withdrew, and how (server/consent/). */
  | { kind: 'consent'; at: string; by: null; given: boolean; method: string }
  // Sequences (issue 23): entered (by a rule when `by` is null), each step taken or skipped and why, left and why.
  | { kind: 'sequence_enrolled'; at: string; by: StaffRef | null; sequence: string }
  | { kind: 'sequence_step'; at: string; by: null; sequence: string; step: string; taken: boolean; reason: string }
  | { kind: 'sequence_left'; at: string; by: StaffRef | null; sequence: string; reason: string }
  /** Issue 24: registered, waitlisted, promoted, cancelled (by the person, or the event was), attended, did not attend. */
  | { kind: 'event'; at: string; by: StaffRef | null; action: EventTimelineAction; event: { id: string; title: string; starts_at: string } }
  /** Issue 33: a step of the lead's application (started, submitted, a document returned or accepted, decision, answer). */
  | { kind: 'application'; at: string; by: StaffRef | null; action: ApplicationTimelineAction; application_id: Id; text: string }
  /** Issue 23: the student inquired again; `text` is "Inquired again about … from … (source …)". */
  | { kind: 'repeat_inquiry'; at: string; by: null; inquiry_id: Id; text: string }
  /** Issue 23: another lead was merged into this one; what moved, per table and column. */
  | {
      kind: 'merged';
      at: string;
      by: StaffRef | null;
      merged_id: Id;
      merged_name: string;
      fields_taken: string[];
      moved: Record<string, number>;
    };

/** A message sent to the lead (issue 22), as sent: plain text, shown as text. */
export interface SentEmail {
  _id: string;
  to: string;
  subject: string;
  text: string;
  purpose: EmailPurpose;
  /** The consent that applied when it was sent. */
  consent: string;
  /** Sent by a sequence step rather than a person. */
  automated: boolean;
}

/** An attachment of a reply: listed, never stored or served. */
export interface ReplyAttachmentInfo {
  name: string;
  type: string;
  size: number;
}

/** A reply read over IMAP (issue 22), as text only: the CRM never renders a sender's HTML. */
export interface TimelineReply {
  _id: Id;
  /** "Name <address>" or the address. */
  from: string;
  subject: string;
  text: string;
  /** The text was cut at the stored limit. */
  truncated: boolean;
  attachments: ReplyAttachmentInfo[];
}

export interface TimelineAnswer {
  entries: TimelineEntry[];
}

/** A staff account as staff see it (GET /api/crm/staff). */
export interface StaffMember {
  _id: Id;
  name: string;
  email: string;
  role: StaffRole;
  status: StatusId;
  /** True until an invited member has chosen a password. */
  invited: boolean;
  version: number;
  /** May edit the catalogue (admins always may); set by an admin. */
  catalogue_editor: boolean;
  /** May export leads as CSV (admins always may); set by an admin. */
  lead_exporter: boolean;
  /** Sees every application, not only those of their own leads (admins always do); set by an admin (issue 33). */
  all_applications: boolean;
  /** May countersign enrolment contracts (admins always may); set by an admin (issue 34). */
  sign_contracts: boolean;
}

export interface AccountAnswer {
  user: StaffMember;
}

/** GET /api/crm/dashboard/charts */
export interface DashboardCharts {
  /** The last 12 weeks (Monday to Sunday, college days), oldest first; counts by lead source. */
  weeks: { week_start: string; by_source: { source: 1 | 3 | 4; count: number }[] }[];
  /** Every lead by stage, in stage order (the funnel). */
  funnel: { stage: LeadStageId; count: number }[];
  /** Every lead by course type; null = not chosen. */
  by_course_type: { course_type: 1 | 2 | 3 | null; count: number }[];
  /** The courses with the most leads (at most 10), most first. */
  by_course: { course_id: Id; course_name: string; count: number }[];
  /** Open activities overdue and due today: the signed-in member's and everyone's. */
  activities: { mine: ActivityCounts; everyone: ActivityCounts };
}
