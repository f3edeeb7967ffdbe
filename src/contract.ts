/**
 * The wire contract between the API server and its clients (widget, site, CRM).
 * Field names and shapes follow docs/requirements.md (R-data, R-calls, R-errors) letter for letter;
 * calls the seed does not show are ours, designed in the same style.
 */
import type { CourseContent } from './catalogue-content';
import type { CourseTypeId, DeliveryModeId, DurationUnitId, StatusId } from './lookups';
import type { Id, NamedSlug } from './wire-basics';
import type { LeadSource, StaffLead } from './lead-record';

export type { Id, NamedSlug };

/** The seed's "Need advise with program choice" course id. */
export const NEED_ADVICE_COURSE_ID = '000000000000000000000000';

export interface ErrorAnswer {
  message: string;
}

// ---------------------------------------------------------------- catalogue

export interface CourseName {
  course_name: string;
  slug: string;
}

/** GET /api/courses/names-website?course_type=1 */
export interface FullTimeNames {
  vocational_courses: CourseName[];
  non_vocational_courses: CourseName[];
  course_categories: NamedSlug[];
}

export interface PartTimeCategoryNames {
  category: NamedSlug;
  sub_categories: NamedSlug[];
  courses: CourseName[];
}

/** GET /api/courses/names-website?course_type=2 (`courses` is present but unused, as in the seed). */
export interface PartTimeNames {
  course_categories: PartTimeCategoryNames[];
  courses: CourseName[];
}

/**
 * One course as GET /api/courses returns it: only what the inquiry form's Course select needs
 * (every embedded widget asks for it when it opens). Richer data: /api/courses/search and
 * /api/courses/slug/:slug.
 */
export interface CourseOption {
  _id: Id;
  course_name: string;
  course_type: CourseTypeId;
}

/** One course as GET /api/courses/search returns it (and category listings, course details). */
export interface CourseSummary {
  _id: Id;
  course_name: string;
  slug: string;
  course_type: CourseTypeId;
  /** Full-time only: vocational (true) or non-vocational (false). */
  vocational: boolean;
  category: NamedSlug | null;
  sub_category: NamedSlug | null;
  duration: number;
  duration_unit: DurationUnitId;
  delivery_mode: DeliveryModeId;
  status: StatusId;
  certification: string | null;
  summary: string;
  /** The course's page on the site (e.g. `/full-time/{slug}`, `/part-time-courses/{cat}/{sub}/{slug}`). */
  path: string;
}

export interface Intake {
  _id: Id;
  course_id: Id;
  course_name: string;
  course_slug: string;
  course_type: CourseTypeId;
  delivery_mode: DeliveryModeId;
  start_date: string; // YYYY-MM-DD
  end_date: string; // YYYY-MM-DD
  schedule: string; // e.g. "Mon-Fri 9:00-15:00"
}

/** GET /api/courses/slug/:slug */
/** With the decision content (fees, admission, outcomes, KPI figures; src/catalogue-content.ts), each null when absent. */
export interface CourseDetail extends CourseSummary, CourseContent {
  description: string;
  outline: string[];
  intakes: Intake[];
}

/** GET /api/categories/:type/:slug and /api/categories/:type/:slug/:subSlug */
export interface CategoryListing {
  category: NamedSlug & { description: string };
  sub_category: (NamedSlug & { description: string }) | null;
  sub_categories: NamedSlug[];
  courses: CourseSummary[];
}

/** GET /api/categories/:type/:slug[/:subSlug]?page=N: one page of the listing's courses (CATEGORY_PAGE_SIZE). */
export interface CategoryListingPage extends CategoryListing {
  page: number;
  pages: number;
  /** Courses in the whole category, on every page. */
  total_courses: number;
}

export interface Announcement {
  _id: Id;
  title: string;
  body: string;
  published_at: string; // ISO date-time
}

/** A Microsoft course offer for the home banner. */
export interface BannerOffer {
  _id: Id;
  title: string;
  subtitle: string;
  course_slug: string;
  cta: string;
}

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
