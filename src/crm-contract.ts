/**
 * Wire types of the staff CRM's follow-up work (issue 11): activities, the lead timeline, staff
 * accounts and roles. Times are ISO strings; ids are 24-hex strings.
 */
import type { Id } from './contract';
import type { ActivityTypeId, LeadStageId } from './lookups';
import type { StaffRole, TimelineAnswer } from './crm-schemas';

// The answers are zod schemas (src/crm-schemas.ts, server-only values); their types come from there.
export type {
  AccountAnswer,
  Activity,
  ActivityCounts,
  ActivityList,
  DashboardCharts,
  StaffList,
  StaffMember,
  StaffRef,
  StaffRole,
} from './crm-schemas';

export const STAFF_ROLES: readonly { id: StaffRole; title: string }[] = [
  { id: 'admin', title: 'Admin' },
  { id: 'counsellor', title: 'Counsellor' },
];

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

// A sent message and a reply are written once as zod schemas (src/outreach-schemas.ts, src/replies-schemas.ts).
export type { SentEmail } from './outreach-schemas';
export type { ReplyAttachmentInfo, TimelineReply } from './replies-schemas';

/** GET /api/crm/leads/:id/timeline: the lead's history (src/crm-schemas.ts lists the kinds of entry). */
export type { TimelineAnswer };
export type TimelineEntry = TimelineAnswer['entries'][number];
