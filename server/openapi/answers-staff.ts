/** The answer shapes of sign-in, accounts and the staff CRM. */
import { z } from 'zod';
import type {
  DashboardAnswer,
  PublicUser,
  RecoveryCodesAnswer,
  SignInResult,
  StaffLead,
  StaffLeadPage,
  TwoFactorSetupAnswer,
  TwoFactorStatus,
} from '../../src/contract';
import type {
  AccountAnswer,
  Activity,
  ActivityCounts,
  ActivityList,
  DashboardCharts,
  StaffMember,
  StaffRef,
  TimelineAnswer,
} from '../../src/crm-contract';
import { ACTIVITY_TYPES, COURSE_TYPES, LEAD_SOURCES, LEAD_STAGES, STATUSES } from '../../src/lookups';
import { answerComponents, answerSchema, idSchema, instantSchema, lookupId } from './answer-schema';
import { fileAnswer } from './registry';
import { staffLeadSchema } from '../../src/lead-record';
import { sentEmail } from './answers-outreach';
import { timelineReplyAnswer } from './answers-replies';
import { APPLICATION_TIMELINE_ACTIONS } from '../../src/application-contract';

const publicUser = answerSchema<PublicUser>()('PublicUser', z.object({ _id: idSchema, name: z.string(), email: z.string() }));
export const meAnswer = answerSchema<{ user: PublicUser }>()('MeAnswer', z.object({ user: publicUser }));

export const signInAnswer = answerSchema<SignInResult>()(
  'SignInResult',
  z.union([
    z.object({ message: z.string(), token: z.string(), user: publicUser, twoFactorSetupRequired: z.boolean().optional() }),
    z.object({ message: z.string(), twoFactorRequired: z.literal(true), challenge: z.string() }),
  ]),
);

export const twoFactorStatusAnswer = answerSchema<TwoFactorStatus>()(
  'TwoFactorStatus',
  z.object({
    enabled: z.boolean(),
    required: z.boolean(),
    recoveryCodesLeft: z.number().int(),
    canSetRequirement: z.boolean(),
  }),
);
export const twoFactorSetupAnswer = answerSchema<TwoFactorSetupAnswer>()(
  'TwoFactorSetupAnswer',
  z.object({
    secret: z.string(),
    otpauthUri: z.string(),
    qrCode: z.string(),
  }),
);
export const recoveryCodesAnswer = answerSchema<RecoveryCodesAnswer>()(
  'RecoveryCodesAnswer',
  z.object({
    message: z.string(),
    recoveryCodes: z.array(z.string()),
  }),
);

const stage = lookupId(LEAD_STAGES);
const source = lookupId(LEAD_SOURCES);
const courseTypeOrNull = lookupId(COURSE_TYPES).nullable();

export const staffLeadAnswer = answerSchema<StaffLead>()('StaffLead', staffLeadSchema);

export const staffLeadPageAnswer = answerSchema<StaffLeadPage>()(
  'StaffLeadPage',
  z.object({
    leads: z.array(staffLeadAnswer),
    total: z.number().int(),
    total_capped: z.boolean(),
    page: z.number().int(),
    page_size: z.number().int(),
  }),
);

const count = z.number().int();
export const dashboardAnswer = answerSchema<DashboardAnswer>()(
  'DashboardAnswer',
  z.object({
    since: instantSchema,
    by_stage: z.array(z.object({ stage, count })),
    by_source: z.array(z.object({ source, count })),
    newest: z.array(staffLeadAnswer),
    by_origin: z.array(z.object({ origin: z.string().nullable(), count })),
  }),
);

const activityCounts = answerSchema<ActivityCounts>()('ActivityCounts', z.object({ overdue: count, due_today: count }));
export const dashboardChartsAnswer = answerSchema<DashboardCharts>()(
  'DashboardCharts',
  z.object({
    weeks: z.array(z.object({ week_start: z.string(), by_source: z.array(z.object({ source, count })) })),
    funnel: z.array(z.object({ stage, count })),
    by_course_type: z.array(z.object({ course_type: courseTypeOrNull, count })),
    by_course: z.array(z.object({ course_id: idSchema, course_name: z.string(), count })),
    activities: z.object({ mine: activityCounts, everyone: activityCounts }),
  }),
);

export const staffRef = answerSchema<StaffRef>()('StaffRef', z.object({ _id: idSchema, name: z.string() }));
export const activityAnswer = answerSchema<Activity>()(
  'Activity',
  z.object({
    _id: idSchema,
    lead_id: idSchema,
    lead_name: z.string(),
    type: lookupId(ACTIVITY_TYPES),
    subject: z.string(),
    notes: z.string(),
    due_at: instantSchema,
    owner: staffRef,
    done: z.boolean(),
    done_at: instantSchema.nullable(),
    done_by: staffRef.nullable(),
    created_by: staffRef,
    created_at: instantSchema,
    version: z.number().int(),
  }),
);
export const activityListAnswer = answerSchema<ActivityList>()(
  'ActivityList',
  z.object({
    activities: z.array(activityAnswer),
    counts: activityCounts,
  }),
);

const by = staffRef.nullable();
export const timelineAnswer = answerSchema<TimelineAnswer>()(
  'TimelineAnswer',
  z.object({
    entries: z.array(
      z.discriminatedUnion('kind', [
        z.object({ kind: z.literal('inquiry'), at: instantSchema, by: z.null(), via: z.enum(['inquiry_form', 'event_registration']) }),
        z.object({ kind: z.literal('note'), at: instantSchema, by, text: z.string() }),
        z.object({ kind: z.literal('stage'), at: instantSchema, by, from: stage, to: stage }),
        z.object({
          kind: z.literal('owner'),
          at: instantSchema,
          by,
          from: staffRef.nullable(),
          to: staffRef.nullable(),
          rule: z.string().optional(),
        }),
        z.object({ kind: z.literal('activity'), at: instantSchema, by, activity: activityAnswer }),
        z.object({
          kind: z.literal('activity_done'),
          at: instantSchema,
          by,
          activity_id: idSchema,
          subject: z.string(),
          done: z.boolean(),
        }),
        z.object({ kind: z.literal('email_sent'), at: instantSchema, by, email: sentEmail }),
        z.object({
          kind: z.literal('privacy_request'),
          at: instantSchema,
          by,
          action: z.enum(['opened', 'closed']),
          request: z.enum(['access', 'withdrawal', 'deletion']).nullable(),
        }),
        z.object({ kind: z.literal('anonymised'), at: instantSchema, by }),
        z.object({ kind: z.literal('reply'), at: instantSchema, by, reply: timelineReplyAnswer }),
        z.object({ kind: z.literal('consent'), at: instantSchema, by: z.null(), given: z.boolean(), method: z.string() }),
        z.object({ kind: z.literal('sequence_enrolled'), at: instantSchema, by, sequence: z.string() }),
        z.object({
          kind: z.literal('sequence_step'),
          at: instantSchema,
          by: z.null(),
          sequence: z.string(),
          step: z.string(),
          taken: z.boolean(),
          reason: z.string(),
        }),
        z.object({ kind: z.literal('sequence_left'), at: instantSchema, by, sequence: z.string(), reason: z.string() }),
        z.object({
          kind: z.literal('event'),
          at: instantSchema,
          by,
          action: z.enum(['registered', 'waitlisted', 'promoted', 'cancelled', 'event_cancelled', 'attended', 'no_show', 'released']),
          event: z.object({ id: z.string().regex(/^\d+$/), title: z.string(), starts_at: instantSchema }),
        }),
        z.object({ kind: z.literal('repeat_inquiry'), at: instantSchema, by: z.null(), inquiry_id: idSchema, text: z.string() }),
        z.object({
          kind: z.literal('application'),
          at: instantSchema,
          by,
          action: z.enum(APPLICATION_TIMELINE_ACTIONS),
          application_id: z.string(),
          text: z.string(),
        }),
        z.object({
          kind: z.literal('merged'),
          at: instantSchema,
          by,
          merged_id: idSchema,
          merged_name: z.string(),
          fields_taken: z.array(z.string()),
          moved: z.record(z.string(), z.number().int()),
        }),
      ]),
    ),
  }),
);

export const staffMemberAnswer = answerSchema<StaffMember>()(
  'StaffMember',
  z.object({
    _id: idSchema,
    name: z.string(),
    email: z.string(),
    role: z.enum(['admin', 'counsellor']),
    status: lookupId(STATUSES),
    invited: z.boolean(),
    catalogue_editor: z.boolean(),
    lead_exporter: z.boolean(),
    all_applications: z.boolean(),
    sign_contracts: z.boolean(),
    version: z.number().int(),
  }),
);
export const staffListAnswer = answerSchema<{ staff: StaffMember[] }>()('StaffList', z.object({ staff: z.array(staffMemberAnswer) }));
export const accountAnswer = answerSchema<AccountAnswer>()('AccountAnswer', z.object({ user: staffMemberAnswer }));

/** GET /api/crm/leads.csv and /api/crm/audit.csv */
const csvText = z.string();
answerComponents.add(csvText, { id: 'CsvText', description: 'Comma-separated values with a header row.' });
export const csvFileAnswer = fileAnswer(csvText, 'text/csv', 'A CSV file (Content-Disposition: attachment).');
