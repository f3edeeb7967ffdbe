/**
 * The answer shapes of sign-in, accounts and the staff CRM: the schemas of src/sign-in-schemas.ts
 * and src/crm-schemas.ts (the wire types are inferred from them, so the contract is written once),
 * named here as components of the API description.
 */
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
  StaffList,
  StaffMember,
  StaffRef,
  TimelineAnswer,
} from '../../src/crm-contract';
import {
  meAnswerSchema,
  publicUserSchema,
  recoveryCodesSchema,
  signInResultSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
  type MeAnswer,
} from '../../src/sign-in-schemas';
import {
  accountAnswerSchema,
  activityCountsSchema,
  activityListSchema,
  activitySchema,
  dashboardChartsSchema,
  dashboardSchema,
  staffLeadPageSchema,
  staffListSchema,
  staffMemberSchema,
  staffRefSchema,
  timelineAnswerSchema,
} from '../../src/crm-schemas';
import { answerComponents, answerSchema } from './answer-schema';
import { fileAnswer } from './registry';
import { staffLeadSchema } from '../../src/lead-record';

answerSchema<PublicUser>()('PublicUser', publicUserSchema);
export const meAnswer = answerSchema<MeAnswer>()('MeAnswer', meAnswerSchema);
export const signInAnswer = answerSchema<SignInResult>()('SignInResult', signInResultSchema);
export const twoFactorStatusAnswer = answerSchema<TwoFactorStatus>()('TwoFactorStatus', twoFactorStatusSchema);
export const twoFactorSetupAnswer = answerSchema<TwoFactorSetupAnswer>()('TwoFactorSetupAnswer', twoFactorSetupSchema);
export const recoveryCodesAnswer = answerSchema<RecoveryCodesAnswer>()('RecoveryCodesAnswer', recoveryCodesSchema);

export const staffLeadAnswer = answerSchema<StaffLead>()('StaffLead', staffLeadSchema);
export const staffLeadPageAnswer = answerSchema<StaffLeadPage>()('StaffLeadPage', staffLeadPageSchema);
export const dashboardAnswer = answerSchema<DashboardAnswer>()('DashboardAnswer', dashboardSchema);
answerSchema<ActivityCounts>()('ActivityCounts', activityCountsSchema);
export const dashboardChartsAnswer = answerSchema<DashboardCharts>()('DashboardCharts', dashboardChartsSchema);

export const staffRef = answerSchema<StaffRef>()('StaffRef', staffRefSchema);
export const activityAnswer = answerSchema<Activity>()('Activity', activitySchema);
export const activityListAnswer = answerSchema<ActivityList>()('ActivityList', activityListSchema);
/** Its sent e-mails and replies are the outreach and replies answers' own schemas (SentEmail, TimelineReply). */
export const timelineAnswer = answerSchema<TimelineAnswer>()('TimelineAnswer', timelineAnswerSchema);

export const staffMemberAnswer = answerSchema<StaffMember>()('StaffMember', staffMemberSchema);
export const staffListAnswer = answerSchema<StaffList>()('StaffList', staffListSchema);
export const accountAnswer = answerSchema<AccountAnswer>()('AccountAnswer', accountAnswerSchema);

/** GET /api/crm/leads.csv and /api/crm/audit.csv */
const csvText = z.string();
answerComponents.add(csvText, { id: 'CsvText', description: 'Comma-separated values with a header row.' });
export const csvFileAnswer = fileAnswer(csvText, 'text/csv', 'A CSV file (Content-Disposition: attachment).');
