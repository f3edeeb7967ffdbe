/**
 * The answers of catalogue editing in the CRM (src/crm-catalogue-contract.ts), written once as zod
 * schemas: each item as an editor reads it, the list wrappers and the change log. The wire types
 * are inferred from them; server/catalogue-edit/answers.ts names them as the routes' response
 * schemas and the API description's components. Browser code imports only the types.
 */
import { z } from 'zod';
import { COURSE_TYPES, DELIVERY_MODES, DURATION_UNITS, STATUSES } from './lookups';
import { courseContentSchema } from './catalogue-content-schemas';
import { professorPhotoSchema } from './catalogue-schemas';
import { daySchema, idSchema, instantSchema, lookupId, staffRefSchema } from './wire-schemas';

const version = z.number().int();
const position = z.number().int();
const courseType = lookupId(COURSE_TYPES);
const deliveryMode = lookupId(DELIVERY_MODES);

export const catalogueCourseSchema = z.object({
  _id: idSchema,
  course_name: z.string(),
  slug: z.string(),
  course_type: courseType,
  vocational: z.boolean(),
  category_id: idSchema.nullable(),
  sub_category_id: idSchema.nullable(),
  summary: z.string(),
  description: z.string(),
  outline: z.array(z.string()),
  duration: z.number().int(),
  duration_unit: lookupId(DURATION_UNITS),
  delivery_mode: deliveryMode,
  status: lookupId(STATUSES),
  certification: z.string().nullable(),
  // The decision content, as the editor's own schemas take it.
  ...courseContentSchema,
  /** The public page (for an inactive course: the address that answers 410). */
  path: z.string(),
  version,
  updated_at: instantSchema,
  updated_by: staffRefSchema.nullable(),
});

export const catalogueCourseRowSchema = catalogueCourseSchema.pick({
  _id: true,
  course_name: true,
  slug: true,
  course_type: true,
  status: true,
  path: true,
  version: true,
  updated_at: true,
});
export const catalogueCourseListSchema = z.object({
  courses: z.array(catalogueCourseRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});

export const catalogueCategorySchema = z.object({
  _id: idSchema,
  course_type: courseType,
  /** null for a top-level category. */
  parent_id: idSchema.nullable(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  position,
  version,
});
export const catalogueCategoryListSchema = z.object({ categories: z.array(catalogueCategorySchema) });

export const catalogueIntakeSchema = z.object({
  _id: idSchema,
  course_id: idSchema,
  start_date: daySchema,
  end_date: daySchema,
  schedule: z.string(),
  delivery_mode: deliveryMode,
  /** Seats offered; null when not limited. */
  seats: z.number().int().nullable(),
  version,
});
export const catalogueIntakeListSchema = z.object({ intakes: z.array(catalogueIntakeSchema) });

export const catalogueAnnouncementSchema = z.object({
  _id: idSchema,
  title: z.string(),
  body: z.string(),
  /** ISO date-time */
  published_at: instantSchema,
  version,
});
export const catalogueAnnouncementListSchema = z.object({ announcements: z.array(catalogueAnnouncementSchema) });

export const catalogueBannerOfferSchema = z.object({
  _id: idSchema,
  title: z.string(),
  subtitle: z.string(),
  course_id: idSchema,
  cta: z.string(),
  position,
  version,
});
export const catalogueBannerOfferListSchema = z.object({ offers: z.array(catalogueBannerOfferSchema) });

export const catalogueProfessorSchema = z.object({
  _id: idSchema,
  name: z.string(),
  title: z.string(),
  credentials: z.array(z.string()),
  bio: z.string(),
  /** Courses taught, by id. */
  course_ids: z.array(idSchema),
  position,
  sample: z.boolean(),
  photo: professorPhotoSchema.nullable(),
  version,
});
export const catalogueProfessorListSchema = z.object({ professors: z.array(catalogueProfessorSchema) });

/**
 * A search synonym: a search containing `term` ("office 365") also looks for each of `means`
 * (comma-separated: "microsoft 365"), the words the catalogue uses.
 */
export const catalogueSearchSynonymSchema = z.object({
  _id: idSchema,
  term: z.string(),
  means: z.string().meta({ description: 'Comma-separated phrases the search also looks for.' }),
  version,
});
export const catalogueSearchSynonymListSchema = z.object({ synonyms: z.array(catalogueSearchSynonymSchema) });

const itemKind = z.enum(['course', 'category', 'intake', 'announcement', 'banner_offer', 'professor', 'search_synonym']);
/** One recorded change: who, when, and each changed field's value before and after. */
export const catalogueChangeSchema = z.object({
  _id: idSchema,
  kind: itemKind,
  item_id: idSchema,
  action: z.enum(['create', 'update', 'delete']),
  at: instantSchema,
  by: staffRefSchema.nullable(),
  /** Field name → [before, after] (JSON values); for create/delete, the whole item on one side. */
  fields: z.record(z.string(), z.tuple([z.unknown(), z.unknown()])),
});
export const catalogueChangeListSchema = z.object({ changes: z.array(catalogueChangeSchema) });

export type CatalogueItemKind = z.infer<typeof itemKind>;
export type CatalogueCourse = z.infer<typeof catalogueCourseSchema>;
export type CatalogueCourseList = z.infer<typeof catalogueCourseListSchema>;
export type CatalogueCategory = z.infer<typeof catalogueCategorySchema>;
export type CatalogueCategoryList = z.infer<typeof catalogueCategoryListSchema>;
export type CatalogueIntake = z.infer<typeof catalogueIntakeSchema>;
export type CatalogueIntakeList = z.infer<typeof catalogueIntakeListSchema>;
export type CatalogueAnnouncement = z.infer<typeof catalogueAnnouncementSchema>;
export type CatalogueAnnouncementList = z.infer<typeof catalogueAnnouncementListSchema>;
export type CatalogueBannerOffer = z.infer<typeof catalogueBannerOfferSchema>;
export type CatalogueBannerOfferList = z.infer<typeof catalogueBannerOfferListSchema>;
export type CatalogueProfessor = z.infer<typeof catalogueProfessorSchema>;
export type CatalogueProfessorList = z.infer<typeof catalogueProfessorListSchema>;
export type CatalogueSearchSynonym = z.infer<typeof catalogueSearchSynonymSchema>;
export type CatalogueSearchSynonymList = z.infer<typeof catalogueSearchSynonymListSchema>;
export type CatalogueChange = z.infer<typeof catalogueChangeSchema>;
export type CatalogueChangeList = z.infer<typeof catalogueChangeListSchema>;
