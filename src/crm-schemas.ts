/**
 * The answers of the staff CRM (leads inbox and dashboard, activities, the lead timeline, staff
 * accounts), written once as zod schemas: the wire types of src/crm-contract.ts and src/contract.ts
 * are inferred from them, and server/openapi/answers-staff.ts names them as the routes' response
 * schemas and the API description's components. Browser code imports only the types, so zod stays
 * out of the site's bundles. Times are ISO strings; ids are 24-hex strings.
 */
import { z } from 'zod';
import { idSchema as recordId, instantSchema as instant, lookupId, staffRefSchema } from './wire-schemas';
import { staffLeadSchema } from './lead-record';
import { EVENT_TIMELINE_ACTIONS } from './event-kinds';
import { sentEmailSchema } from './outreach-schemas';
import { timelineReplySchema } from './replies-schemas';
import { ACTIVITY_TYPES, COURSE_TYPES, LEAD_SOURCES, LEAD_STAGES, STATUSES } from './lookups';
import { APPLICATION_TIMELINE_ACTIONS } from './application-contract';
import type { PrivacyRequestKind } from './privacy-contract';

const count = z.number().int();
const stage = lookupId(LEAD_STAGES);
const source = lookupId(LEAD_SOURCES);

// ---- leads inbox and dashboard

/** A page of the leads inbox (GET /api/crm/leads); one lead is a StaffLead (GET /api/crm/leads/:id). */
export const staffLeadPageSchema = z.object({
  leads: z.array(staffLeadSchema),
  total: count,
  /** True when more leads match than `total` (a filtered list counts up to 10,000, a search up to 1,000: narrow them). */
  total_capped: z.boolean(),
  page: count,
  page_size: count,
});

/** GET /api/crm/dashboard */
export const dashboardSchema = z.object({
  since: instant,
  by_stage: z.array(z.object({ stage, count })),
  by_source: z.array(z.object({ source, count })),
  newest: z.array(staffLeadSchema),
  /** Leads by partner site (the embedding page's origin; null: none named), most first (issue 23). */
  by_origin: z.array(z.object({ origin: z.string().nullable(), count })),
});

/** Open activities of the listed owner due before now, and due today (college days). */
export const activityCountsSchema = z.object({ overdue: count, due_today: count });

/** GET /api/crm/dashboard/charts */
export const dashboardChartsSchema = z.object({
  /** The last 12 weeks (Monday to Sunday, college days), oldest first; counts by lead source. */
  weeks: z.array(z.object({ week_start: z.string(), by_source: z.array(z.object({ source, count })) })),
  /** Every lead by stage, in stage order (the funnel). */
  funnel: z.array(z.object({ stage, count })),
  /** Every lead by course type; null = not chosen. */
  by_course_type: z.array(z.object({ course_type: lookupId(COURSE_TYPES).nullable(), count })),
  /** The courses with the most leads (at most 10), most first. */
  by_course: z.array(z.object({ course_id: recordId, course_name: z.string(), count })),
  /** Open activities overdue and due today: the signed-in member's and everyone's. */
  activities: z.object({ mine: activityCountsSchema, everyone: activityCountsSchema }),
});

// ---- activities (issue 11)

/** Who a record names (src/wire-schemas.ts), re-exported for the CRM's schemas and the audit log's. */
export { staffRefSchema };

/** A follow-up on a lead: a Call, Email, Meeting or Task (seed activity types). */
export const activitySchema = z.object({
  _id: recordId,
  lead_id: recordId,
  lead_name: z.string(),
  type: lookupId(ACTIVITY_TYPES),
  subject: z.string(),
  notes: z.string(),
  due_at: instant,
  owner: staffRefSchema,
  done: z.boolean(),
  done_at: instant.nullable(),
  done_by: staffRefSchema.nullable(),
  created_by: staffRefSchema,
  created_at: instant,
  version: count,
});

export const activityListSchema = z.object({
  activities: z.array(activitySchema),
  counts: activityCountsSchema,
});

// ---- the lead timeline

/**
 * GET /api/crm/leads/:id/timeline. A sent e-mail and a reply are the outreach and replies features'
 * own answers (SentEmail, TimelineReply, src/outreach-schemas.ts and src/replies-schemas.ts).
 */
/** Who did it: null for the system (a rule, a job, the person themselves). */
const by = staffRefSchema.nullable();
export const timelineAnswerSchema = z.object({
  entries: z.array(
    z.discriminatedUnion('kind', [
      /** How the lead came: the inquiry form, or an event registration (issue 31: not an inquiry). */
      z.object({ kind: z.literal('inquiry'), at: instant, by: z.null(), via: z.enum(['inquiry_form', 'event_registration']) }),
      z.object({ kind: z.literal('note'), at: instant, by, text: z.string() }),
      z.object({ kind: z.literal('stage'), at: instant, by, from: stage, to: stage }),
      /** `rule`: the assignment rule that chose the owner (issue 23); then `by` is null. */
      z.object({
        kind: z.literal('owner'),
        at: instant,
        by,
        from: staffRefSchema.nullable(),
        to: staffRefSchema.nullable(),
        rule: z.string().optional(),
      }),
      z.object({ kind: z.literal('activity'), at: instant, by, activity: activitySchema }),
      z.object({
        kind: z.literal('activity_done'),
        at: instant,
        by,
        activity_id: recordId,
        subject: z.string(),
        done: z.boolean(),
      }),
      z.object({ kind: z.literal('email_sent'), at: instant, by, email: sentEmailSchema }),
      /** A privacy request opened or closed (`request` is null once the person was anonymised). */
      z.object({
        kind: z.literal('privacy_request'),
        at: instant,
        by,
        action: z.enum(['opened', 'closed']),
        request: z.enum(['access', 'withdrawal', 'deletion'] satisfies PrivacyRequestKind[]).nullable(),
      }),
      /** The person's personal data was anonymised (by null: the retention schedule). */
      z.object({ kind: z.literal('anonymised'), at: instant, by }),
      z.object({ kind: z.literal('reply'), at: instant, by, reply: timelineReplySchema }),
      /** The person opted in to commercial e-mail (given) or withdrew, and how (server/consent/). */
      z.object({ kind: z.literal('consent'), at: instant, by: z.null(), given: z.boolean(), method: z.string() }),
      // Sequences (issue 23): entered (by a rule when `by` is null), each step taken or skipped and why, left and why.
      z.object({ kind: z.literal('sequence_enrolled'), at: instant, by, sequence: z.string() }),
      z.object({
        kind: z.literal('sequence_step'),
        at: instant,
        by: z.null(),
        sequence: z.string(),
        step: z.string(),
        taken: z.boolean(),
        reason: z.string(),
      }),
      z.object({ kind: z.literal('sequence_left'), at: instant, by, sequence: z.string(), reason: z.string() }),
      /** Issue 24: registered, waitlisted, promoted, cancelled (by the person, or the event was), attended, did not attend. */
      z.object({
        kind: z.literal('event'),
        at: instant,
        by,
        action: z.enum(EVENT_TIMELINE_ACTIONS),
        event: z.object({ id: z.string().regex(/^\d+$/), title: z.string(), starts_at: instant }),
      }),
      /** Issue 23: the student inquired again; `text` is "Inquired again about … from … (source …)". */
      z.object({ kind: z.literal('repeat_inquiry'), at: instant, by: z.null(), inquiry_id: recordId, text: z.string() }),
      /** Issue 33: a step of the lead's application (started, submitted, a document returned or accepted, decision, answer). */
      z.object({
        kind: z.literal('application'),
        at: instant,
        by,
        action: z.enum(APPLICATION_TIMELINE_ACTIONS),
        application_id: z.string(),
        text: z.string(),
      }),
      /** Issue 23: another lead was merged into this one; what moved, per table and column. */
      z.object({
        kind: z.literal('merged'),
        at: instant,
        by,
        merged_id: recordId,
        merged_name: z.string(),
        fields_taken: z.array(z.string()),
        moved: z.record(z.string(), z.number().int()),
      }),
    ]),
  ),
});

// ---- staff accounts

export const staffRoleSchema = z.enum(['admin', 'counsellor']);

/** A staff account as staff see it (GET /api/crm/staff). */
export const staffMemberSchema = z.object({
  _id: recordId,
  name: z.string(),
  email: z.string(),
  role: staffRoleSchema,
  status: lookupId(STATUSES),
  /** True until an invited member has chosen a password. */
  invited: z.boolean(),
  /** May edit the catalogue (admins always may); set by an admin. */
  catalogue_editor: z.boolean(),
  /** May export leads as CSV (admins always may); set by an admin. */
  lead_exporter: z.boolean(),
  /** Sees every application, not only those of their own leads (admins always do); set by an admin (issue 33). */
  all_applications: z.boolean(),
  /** May countersign enrolment contracts (admins always may); set by an admin (issue 34). */
  sign_contracts: z.boolean(),
  version: count,
});

export const staffListSchema = z.object({ staff: z.array(staffMemberSchema) });
/** GET and PATCH /api/users/account: one's own account. */
export const accountAnswerSchema = z.object({ user: staffMemberSchema });

export type StaffLeadPage = z.infer<typeof staffLeadPageSchema>;
export type DashboardAnswer = z.infer<typeof dashboardSchema>;
export type ActivityCounts = z.infer<typeof activityCountsSchema>;
export type DashboardCharts = z.infer<typeof dashboardChartsSchema>;
export type StaffRef = z.infer<typeof staffRefSchema>;
export type Activity = z.infer<typeof activitySchema>;
export type ActivityList = z.infer<typeof activityListSchema>;
export type TimelineAnswer = z.infer<typeof timelineAnswerSchema>;
export type StaffRole = z.infer<typeof staffRoleSchema>;
export type StaffMember = z.infer<typeof staffMemberSchema>;
export type StaffList = z.infer<typeof staffListSchema>;
export type AccountAnswer = z.infer<typeof accountAnswerSchema>;
