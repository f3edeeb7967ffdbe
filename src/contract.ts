/**
 * The wire contract between the API server and its clients (widget, site, CRM).
 * Field names and shapes follow docs/requirements.md (R-data, R-calls, R-errors) letter for letter;
 * calls the seed does not show are ours, designed in the same style.
 */
import type { Id, NamedSlug } from './wire-basics';

export type { Id, NamedSlug };

/** The seed's "Need advise with program choice" course id. */
export const NEED_ADVICE_COURSE_ID = '000000000000000000000000';

export interface ErrorAnswer {
  message: string;
}

// ---------------------------------------------------------------- catalogue

// The catalogue's answers are zod schemas (src/catalogue-schemas.ts, server-only values); their types come from there.
export type {
  Announcement,
  BannerOffer,
  CategoryListing,
  CategoryListingPage,
  CourseDetail,
  CourseGoneAnswer,
  CourseName,
  CourseOption,
  CourseSummary,
  FullTimeNames,
  Intake,
  PartTimeCategoryNames,
  PartTimeNames,
} from './catalogue-schemas';

// ---------------------------------------------------------------- leads

// The lead's shapes are declared once in ./lead-record (and its extras in ./lead-extras).
export { LEAD_EXTRA_FIELDS, type LeadExtraField, type LeadExtras, type StoredLeadExtras } from './lead-extras';
export type { LeadLocation, LeadPayload, LeadSource, StaffLead } from './lead-record';

// POST /api/leads's answer is a zod schema (src/lead-schemas.ts, a server-only value); its type comes from there.
export type { LeadAnswer } from './lead-schemas';

// ---------------------------------------------------------------- staff

// Sign-in's answers are zod schemas (src/sign-in-schemas.ts, server-only values); their types come from there.
export type {
  PublicUser,
  RecoveryCodesAnswer,
  SignInAnswer,
  SignInResult,
  TwoFactorChallengeAnswer,
  TwoFactorSetupAnswer,
  TwoFactorStatus,
} from './sign-in-schemas';

export interface MessageAnswer {
  message: string;
}

export interface ResetPasswordBody {
  password: string;
  cPassword: string;
  userId: string;
  token: string;
}

// The leads inbox's and the dashboard's answers are zod schemas (src/crm-schemas.ts); their types come from there.
export type { DashboardAnswer, StaffLeadPage } from './crm-schemas';

export interface HealthAnswer {
  status: 'ok' | 'degraded';
  database: 'up' | 'down';
  version: string;
  /** Leads accepted during a database outage and waiting in the disk spool. */
  spooled_leads: number;
}
