/**
 * The answers of the public catalogue reads, written once as zod schemas: the wire types of
 * src/contract.ts and src/catalogue-content.ts are inferred from them, and
 * server/catalogue/answers-named.ts names them as the routes' response schemas and the API
 * description's components. Browser code imports only the types, so zod stays out of the site's
 * and widget's bundles.
 */
import { z } from 'zod';
import { COURSE_TYPES, DELIVERY_MODES, DURATION_UNITS, STATUSES } from './lookups';
import { courseContentSchema, kpiSchema } from './catalogue-content-schemas';
import { daySchema, idSchema, instantSchema, lookupId } from './wire-schemas';

const courseType = lookupId(COURSE_TYPES);
const deliveryMode = lookupId(DELIVERY_MODES);

export const courseNameSchema = z.object({ course_name: z.string(), slug: z.string() });
export const namedSlugSchema = z.object({ name: z.string(), slug: z.string() });

/** GET /api/courses/names-website?course_type=1 */
export const fullTimeNamesSchema = z.object({
  vocational_courses: z.array(courseNameSchema),
  non_vocational_courses: z.array(courseNameSchema),
  course_categories: z.array(namedSlugSchema),
});

const partTimeCategoryNames = z.object({
  category: namedSlugSchema,
  sub_categories: z.array(namedSlugSchema),
  courses: z.array(courseNameSchema),
});
/** GET /api/courses/names-website?course_type=2 (`courses` is present but unused, as in the seed). */
export const partTimeNamesSchema = z.object({
  course_categories: z.array(partTimeCategoryNames),
  courses: z.array(courseNameSchema),
});
/** course_type=1 answers the full-time shape, 2 the part-time one. */
export const courseNamesSchema = z.union([fullTimeNamesSchema, partTimeNamesSchema]);

/**
 * One course as GET /api/courses returns it: only what the inquiry form's Course select needs
 * (every embedded widget asks for it when it opens). Richer data: /api/courses/search and
 * /api/courses/slug/:slug.
 */
export const courseOptionSchema = z.object({ _id: idSchema, course_name: z.string(), course_type: courseType });
export const courseOptionListSchema = z.array(courseOptionSchema);

const courseSummaryShape = {
  _id: idSchema,
  course_name: z.string(),
  slug: z.string(),
  course_type: courseType,
  /** Full-time only: vocational (true) or non-vocational (false). */
  vocational: z.boolean(),
  category: namedSlugSchema.nullable(),
  sub_category: namedSlugSchema.nullable(),
  duration: z.number(),
  duration_unit: lookupId(DURATION_UNITS),
  delivery_mode: deliveryMode,
  status: lookupId(STATUSES),
  certification: z.string().nullable(),
  summary: z.string(),
  /** The course's page on the site (e.g. `/full-time/{slug}`, `/part-time-courses/{cat}/{sub}/{slug}`). */
  path: z.string(),
};
/** One course as GET /api/courses/search returns it (and category listings, course details). */
export const courseSummarySchema = z.object(courseSummaryShape);
export const courseSummaryListSchema = z.array(courseSummarySchema);

export const intakeSchema = z.object({
  _id: idSchema,
  course_id: idSchema,
  course_name: z.string(),
  course_slug: z.string(),
  course_type: courseType,
  delivery_mode: deliveryMode,
  start_date: daySchema,
  end_date: daySchema,
  /** e.g. "Mon-Fri 9:00-15:00" */
  schedule: z.string(),
});
export const intakeListSchema = z.array(intakeSchema);

/**
 * GET /api/courses/slug/:slug, with the decision content (fees, admission, outcomes, KPI figures;
 * src/catalogue-content-schemas.ts), each null when absent.
 */
export const courseDetailSchema = z.object({
  ...courseSummaryShape,
  // The decision content, as staff save it (the editor's own schemas).
  ...courseContentSchema,
  description: z.string(),
  outline: z.array(z.string()),
  intakes: z.array(intakeSchema),
});

/** 410 of a withdrawn (inactive) course: where its visitors are sent instead. */
export const courseGoneSchema = z.object({
  message: z.string(),
  course_name: z.string(),
  listing: z.object({ name: z.string(), path: z.string() }),
});

const describedSlug = z.object({ name: z.string(), slug: z.string(), description: z.string() });
/** GET /api/categories/:type/:slug and /api/categories/:type/:slug/:subSlug */
export const categoryListingSchema = z.object({
  category: describedSlug,
  sub_category: describedSlug.nullable(),
  sub_categories: z.array(namedSlugSchema),
  courses: z.array(courseSummarySchema),
});
/** GET /api/categories/:type/:slug[/:subSlug]?page=N: one page of the listing's courses (CATEGORY_PAGE_SIZE). */
export const categoryListingPageSchema = categoryListingSchema.extend({
  page: z.number().int(),
  pages: z.number().int(),
  /** Courses in the whole category, on every page. */
  total_courses: z.number().int(),
});
export const categorySchema = z.union([categoryListingPageSchema, categoryListingSchema]);

export const announcementSchema = z.object({
  _id: idSchema,
  title: z.string(),
  body: z.string(),
  /** ISO date-time */
  published_at: instantSchema,
});
export const announcementListSchema = z.array(announcementSchema);

/** A Microsoft course offer for the home banner. */
export const bannerOfferSchema = z.object({
  _id: idSchema,
  title: z.string(),
  subtitle: z.string(),
  course_slug: z.string(),
  cta: z.string(),
});
export const bannerOfferListSchema = z.array(bannerOfferSchema);

// ---- people and results ----

const photoShape = {
  /** Served by the API server, e.g. `/media/professors/5f…e1.webp`; never derived from a file name. */
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
};
/** A professor's photo (the CRM's ProfessorPhoto component; the public Professor writes it inline). */
export const professorPhotoSchema = z.object(photoShape);

/** GET /api/professors: one entry, in display order. */
export const professorSchema = z.object({
  _id: idSchema,
  name: z.string(),
  /** e.g. "Lead Instructor, Networking" */
  title: z.string(),
  /** e.g. ["CCNP Enterprise", "CompTIA Security+"] */
  credentials: z.array(z.string()),
  bio: z.string(),
  /** Courses taught, by name and slug (`path` is the course page). */
  courses: z.array(z.object({ name: z.string(), slug: z.string(), path: z.string() })),
  photo: z.object(photoShape).nullable(),
  /** True for the seed's sample instructors: the site labels them as sample data. */
  sample: z.boolean(),
});
export const professorListSchema = z.array(professorSchema);

/** GET /api/kpi: every vocational program with KPI figures, in menu order. */
export const programKpiSchema = z.object({
  course_name: z.string(),
  slug: z.string(),
  path: z.string(),
  kpi: kpiSchema,
});
export const programKpiListSchema = z.array(programKpiSchema);

export type NamedSlug = z.infer<typeof namedSlugSchema>;
export type CourseName = z.infer<typeof courseNameSchema>;
export type FullTimeNames = z.infer<typeof fullTimeNamesSchema>;
export type PartTimeCategoryNames = z.infer<typeof partTimeCategoryNames>;
export type PartTimeNames = z.infer<typeof partTimeNamesSchema>;
export type CourseOption = z.infer<typeof courseOptionSchema>;
export type CourseSummary = z.infer<typeof courseSummarySchema>;
export type Intake = z.infer<typeof intakeSchema>;
export type CourseDetail = z.infer<typeof courseDetailSchema>;
export type CourseGoneAnswer = z.infer<typeof courseGoneSchema>;
export type CategoryListing = z.infer<typeof categoryListingSchema>;
export type CategoryListingPage = z.infer<typeof categoryListingPageSchema>;
export type Announcement = z.infer<typeof announcementSchema>;
export type BannerOffer = z.infer<typeof bannerOfferSchema>;
export type ProfessorPhoto = z.infer<typeof professorPhotoSchema>;
export type Professor = z.infer<typeof professorSchema>;
export type ProgramKpi = z.infer<typeof programKpiSchema>;
