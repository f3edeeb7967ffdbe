/** The answer shapes of the public API: catalogue reads, search, leads, health, errors. */
import { z } from 'zod';
import { courseContentSchema } from '../catalogue-edit/content-schemas';
import type {
  Announcement,
  BannerOffer,
  CategoryListing,
  CategoryListingPage,
  CourseDetail,
  CourseName,
  CourseOption,
  CourseSummary,
  FullTimeNames,
  HealthAnswer,
  Intake,
  MessageAnswer,
  NamedSlug,
  PartTimeNames,
} from '../../src/contract';
import type { SearchAnswer } from '../../src/search-contract';
import { leadAnswerSchema } from '../../src/lead-schemas';
import { COURSE_TYPES, DELIVERY_MODES, DURATION_UNITS, STATUSES } from '../../src/lookups';
import type { GoneCourse } from '../catalogue/site-addresses';
import { answerComponents, answerSchema, daySchema, idSchema, instantSchema, lookupId } from './answer-schema';

/**
 * Every error answer: a `message` fit to show a person, and on a form's 400 `errors` (field →
 * message). Some calls add a field the client acts on, listed here; any other field is a drift.
 */
export const errorAnswer = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
  /** Lead creation answers every error as `{status: 'error', message}` (the widget's shape). */
  status: z.literal('error').optional(),
  /** 409 on a stale write: the record's current version. */
  version: z.number().int().optional(),
  /** 401 on the second sign-in step: start again with e-mail and password. */
  challengeExpired: z.literal(true).optional(),
  /** 403 for an account that must first set up two-factor sign-in. */
  twoFactorSetupRequired: z.literal(true).optional(),
  /** 409 for a check-in before the event's day: sent again with early: true once staff confirm. */
  early_check_in: z.literal(true).optional(),
  /** 400 for an event start in the past: sent again with confirm_past_date: true once the editor confirms. */
  past_date: z.literal(true).optional(),
});
answerComponents.add(errorAnswer, { id: 'ErrorAnswer', description: 'Every error: a message to show, field errors on a 400.' });

export const messageAnswer = answerSchema<MessageAnswer>()('MessageAnswer', z.object({ message: z.string() }));

const courseName = answerSchema<CourseName>()('CourseName', z.object({ course_name: z.string(), slug: z.string() }));
const namedSlug = answerSchema<NamedSlug>()('NamedSlug', z.object({ name: z.string(), slug: z.string() }));
const courseType = lookupId(COURSE_TYPES);
const deliveryMode = lookupId(DELIVERY_MODES);

const fullTimeNames = answerSchema<FullTimeNames>()(
  'FullTimeNames',
  z.object({
    vocational_courses: z.array(courseName),
    non_vocational_courses: z.array(courseName),
    course_categories: z.array(namedSlug),
  }),
);
const partTimeNames = answerSchema<PartTimeNames>()(
  'PartTimeNames',
  z.object({
    course_categories: z.array(z.object({ category: namedSlug, sub_categories: z.array(namedSlug), courses: z.array(courseName) })),
    courses: z.array(courseName),
  }),
);
/** course_type=1 answers the full-time shape, 2 the part-time one. */
export const courseNamesAnswer = answerSchema<FullTimeNames | PartTimeNames>()('CourseNames', z.union([fullTimeNames, partTimeNames]));

const courseOption = answerSchema<CourseOption>()(
  'CourseOption',
  z.object({ _id: idSchema, course_name: z.string(), course_type: courseType }),
);
export const courseOptionsAnswer = answerSchema<CourseOption[]>()('CourseOptionList', z.array(courseOption));

const courseSummaryShape = {
  _id: idSchema,
  course_name: z.string(),
  slug: z.string(),
  course_type: courseType,
  vocational: z.boolean(),
  category: namedSlug.nullable(),
  sub_category: namedSlug.nullable(),
  duration: z.number(),
  duration_unit: lookupId(DURATION_UNITS),
  delivery_mode: deliveryMode,
  status: lookupId(STATUSES),
  certification: z.string().nullable(),
  summary: z.string(),
  path: z.string(),
};
const courseSummary = answerSchema<CourseSummary>()('CourseSummary', z.object(courseSummaryShape));
export const courseSummariesAnswer = answerSchema<CourseSummary[]>()('CourseSummaryList', z.array(courseSummary));

const intake = answerSchema<Intake>()(
  'Intake',
  z.object({
    _id: idSchema,
    course_id: idSchema,
    course_name: z.string(),
    course_slug: z.string(),
    course_type: courseType,
    delivery_mode: deliveryMode,
    start_date: daySchema,
    end_date: daySchema,
    schedule: z.string(),
  }),
);
export const intakesAnswer = answerSchema<Intake[]>()('IntakeList', z.array(intake));

export const courseDetailAnswer = answerSchema<CourseDetail>()(
  'CourseDetail',
  z.object({
    ...courseSummaryShape,
    // The decision content, as staff save it (the editor's own schemas).
    ...courseContentSchema,
    description: z.string(),
    outline: z.array(z.string()),
    intakes: z.array(intake),
  }),
);

/** 410 of a withdrawn (inactive) course: where its visitors are sent instead. */
export const courseGoneAnswer = answerSchema<MessageAnswer & Pick<GoneCourse, 'course_name' | 'listing'>>()(
  'CourseGoneAnswer',
  z.object({
    message: z.string(),
    course_name: z.string(),
    listing: z.object({ name: z.string(), path: z.string() }),
  }),
);

const describedSlug = z.object({ name: z.string(), slug: z.string(), description: z.string() });
export const categoryListingAnswer = answerSchema<CategoryListing>()(
  'CategoryListing',
  z.object({
    category: describedSlug,
    sub_category: describedSlug.nullable(),
    sub_categories: z.array(namedSlug),
    courses: z.array(courseSummary),
  }),
);
/** With `?page=N`: one page of the category's courses and where it stands. */
export const categoryListingPageAnswer = answerSchema<CategoryListingPage>()(
  'CategoryListingPage',
  categoryListingAnswer.extend({
    page: z.number().int(),
    pages: z.number().int(),
    total_courses: z.number().int(),
  }),
);
export const categoryAnswer = answerSchema<CategoryListing | CategoryListingPage>()(
  'CategoryAnswer',
  z.union([categoryListingPageAnswer, categoryListingAnswer]),
);

const announcement = answerSchema<Announcement>()(
  'Announcement',
  z.object({
    _id: idSchema,
    title: z.string(),
    body: z.string(),
    published_at: instantSchema,
  }),
);
export const announcementsAnswer = answerSchema<Announcement[]>()('AnnouncementList', z.array(announcement));
const bannerOffer = answerSchema<BannerOffer>()(
  'BannerOffer',
  z.object({
    _id: idSchema,
    title: z.string(),
    subtitle: z.string(),
    course_slug: z.string(),
    cta: z.string(),
  }),
);
export const bannerOffersAnswer = answerSchema<BannerOffer[]>()('BannerOfferList', z.array(bannerOffer));

export const searchAnswer = answerSchema<SearchAnswer>()(
  'SearchAnswer',
  z.object({
    query: z.string(),
    corrected: z.string().nullable().meta({
      description:
        'The words searched when the words as typed found nothing and were corrected (typos, run-together words); null otherwise. Ask again with exact=1 to search the words as typed.',
    }),
    widened: z.boolean().meta({ description: 'True when no result has every word, so results with any of the words are shown.' }),
    results: z.array(
      z.object({
        kind: z.enum(['course', 'page']),
        title: z.string(),
        path: z.string(),
        snippet: z.string(),
        rank: z.number(),
      }),
    ),
  }),
);

/** POST /api/leads (written once in src/lead-schemas.ts), named here to keep its place among the components. */
answerComponents.add(leadAnswerSchema, { id: 'LeadAnswer' });
export const leadAnswer = leadAnswerSchema;

export const healthAnswer = answerSchema<HealthAnswer>()(
  'HealthAnswer',
  z.object({
    status: z.enum(['ok', 'degraded']),
    database: z.enum(['up', 'down']),
    version: z.string(),
    spooled_leads: z.number().int(),
  }),
);

/** GET /api/openapi.json: this document (validated as OpenAPI 3.1 by the API test, not here). */
export const openApiDocumentAnswer = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});
answerComponents.add(openApiDocumentAnswer, { id: 'OpenApiDocument' });
