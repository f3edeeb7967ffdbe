/**
 * The zod schemas every catalogue-editing call validates with (exported for the API's
 * documentation). Saves of an existing item add `version`: the version the editor read.
 */
import { z } from 'zod';
import { versionField } from '../crm';
import { courseContentSchema } from '../../src/catalogue-content-schemas';
import { courseType, deliveryMode, durationUnit, id, isoDate, position, slug, status, text, textList } from './fields';

export const KPI_NOT_VOCATIONAL_MESSAGE = 'KPI figures are reported for vocational full-time programs only.';
export const SUB_WITHOUT_CATEGORY_MESSAGE = 'Choose a category before its sub-category.';

const durationMessage = 'The duration must be a whole number greater than 0.';

export const courseInputSchema = z
  .object(
    {
      course_name: text('name', 150),
      slug,
      course_type: courseType,
      vocational: z.boolean({ error: 'Please say whether the program is vocational.' }),
      category_id: id.nullable(),
      sub_category_id: id.nullable(),
      summary: text('summary', 600),
      description: text('description', 10_000),
      outline: textList('outline item', 60, 300),
      duration: z
        .number({ error: durationMessage })
        .int({ error: durationMessage })
        .min(1, { error: durationMessage })
        .max(1000, { error: 'The duration is too long (at most 1000).' }),
      duration_unit: durationUnit,
      delivery_mode: deliveryMode,
      status,
      certification: text('certification exams', 300).nullable(),
      fees: courseContentSchema.fees.default(null),
      admission: courseContentSchema.admission.default(null),
      outcomes: courseContentSchema.outcomes.default(null),
      kpi: courseContentSchema.kpi.default(null),
    },
    { error: 'Send the course as a JSON object.' },
  )
  .refine((course) => course.kpi === null || (course.course_type === 1 && course.vocational), {
    error: KPI_NOT_VOCATIONAL_MESSAGE,
    path: ['kpi'],
  })
  .refine((course) => course.sub_category_id === null || course.category_id !== null, {
    error: SUB_WITHOUT_CATEGORY_MESSAGE,
    path: ['sub_category_id'],
  });
export type CourseInput = z.output<typeof courseInputSchema>;

export const categoryInputSchema = z.object(
  {
    course_type: courseType,
    parent_id: id.nullable(),
    name: text('name', 120),
    slug,
    description: text('description', 2000, 0),
    position,
  },
  { error: 'Send the category as a JSON object.' },
);
export type CategoryInput = z.output<typeof categoryInputSchema>;

const seatsMessage = 'The seats must be a whole number greater than 0, or empty for no limit.';
export const END_BEFORE_START_MESSAGE = 'The end date cannot be before the start date.';
export const intakeInputSchema = z
  .object(
    {
      start_date: isoDate,
      end_date: isoDate,
      schedule: text('schedule', 200),
      delivery_mode: deliveryMode,
      seats: z
        .number({ error: seatsMessage })
        .int({ error: seatsMessage })
        .min(1, { error: seatsMessage })
        .max(10_000, { error: seatsMessage })
        .nullable(),
    },
    { error: 'Send the intake as a JSON object.' },
  )
  .refine((intake) => intake.end_date >= intake.start_date, { error: END_BEFORE_START_MESSAGE, path: ['end_date'] });
export type IntakeInput = z.output<typeof intakeInputSchema>;

const DATE_TIME_MESSAGE = 'Please enter the publication date and time (ISO 8601, e.g. 2025-03-01T09:00:00Z).';
export const announcementInputSchema = z.object(
  {
    title: text('title', 200),
    body: text('text', 5000),
    published_at: z.iso.datetime({ offset: true, error: DATE_TIME_MESSAGE }),
  },
  { error: 'Send the announcement as a JSON object.' },
);
export type AnnouncementInput = z.output<typeof announcementInputSchema>;

export const bannerOfferInputSchema = z.object(
  {
    title: text('title', 120),
    subtitle: text('subtitle', 300),
    course_id: id,
    cta: text('button text', 40),
    position,
  },
  { error: 'Send the offer as a JSON object.' },
);
export type BannerOfferInput = z.output<typeof bannerOfferInputSchema>;

export const professorInputSchema = z.object(
  {
    name: text('name', 120),
    title: text('title', 150),
    credentials: textList('credential', 20, 120),
    bio: text('short bio', 2000, 0),
    course_ids: z.array(id, { error: 'The courses taught must be a list.' }).max(40, { error: 'At most 40 courses taught.' }),
    position,
    sample: z.boolean({ error: 'Please say whether this is sample data.' }),
  },
  { error: 'Send the professor as a JSON object.' },
);
export type ProfessorInput = z.output<typeof professorInputSchema>;

/** A save of an existing item: its fields and the version the editor read. */
export const withVersion = <S extends z.ZodType>(schema: S) =>
  z.intersection(schema, z.object({ version: versionField }, { error: 'Send the item as a JSON object.' }));

// One schema object per save, shared by its route and the API description.
export const courseSaveSchema = withVersion(courseInputSchema);
export const categorySaveSchema = withVersion(categoryInputSchema);
export const intakeSaveSchema = withVersion(intakeInputSchema);
export const announcementSaveSchema = withVersion(announcementInputSchema);
export const bannerOfferSaveSchema = withVersion(bannerOfferInputSchema);
export const professorSaveSchema = withVersion(professorInputSchema);

export const versionQuerySchema = z.object({
  version: z.coerce
    .number({ error: 'Name the version you read: ?version=N.' })
    .int({ error: 'Name the version you read: ?version=N.' })
    .min(1, { error: 'Name the version you read: ?version=N.' }),
});

export const courseListQuerySchema = z.object({
  q: z.string().max(200, { error: 'The search is too long.' }).optional(),
  course_type: z.enum(['', '1', '2', '3'], { error: 'course_type must be 1, 2 or 3, or left out.' }).optional(),
  status: z.enum(['', '1', '2'], { error: 'status must be 1 (Active) or 2 (Inactive), or left out.' }).optional(),
  page: z.coerce
    .number({ error: 'page must be a whole number from 1.' })
    .int({ error: 'page must be a whole number from 1.' })
    .min(1, { error: 'page must be a whole number from 1.' })
    .max(10_000, { error: 'page is too large.' })
    .optional(),
});

export const changesQuerySchema = z.object({
  kind: z
    .enum(['course', 'category', 'intake', 'announcement', 'banner_offer', 'professor', 'search_synonym'], {
      error: 'kind must name an item kind, e.g. course.',
    })
    .optional(),
  id: id.optional(),
});
