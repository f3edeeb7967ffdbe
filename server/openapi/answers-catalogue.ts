/**
 * The answer shapes of catalogue editing in the CRM (src/crm-catalogue-contract.ts): each item as
 * an editor reads it, the list wrappers, the change log, and a stale save's 409 `{ message, current }`.
 */
import { z } from 'zod';
import type {
  CatalogueAnnouncement,
  CatalogueBannerOffer,
  CatalogueCategory,
  CatalogueChange,
  CatalogueConflict,
  CatalogueCourse,
  CatalogueCourseList,
  CatalogueIntake,
  CatalogueProfessor,
  CatalogueSearchSynonym,
} from '../../src/crm-catalogue-contract';
import type { ProfessorPhoto } from '../../src/catalogue-content';
import { COURSE_TYPES, DELIVERY_MODES, DURATION_UNITS, STATUSES } from '../../src/lookups';
import { courseContentSchema } from '../catalogue-edit/content-schemas';
import { answerSchema, daySchema, idSchema, instantSchema, lookupId } from './answer-schema';
import { staffRef } from './answers-staff';

const version = z.number().int();
const position = z.number().int();
const courseType = lookupId(COURSE_TYPES);
const deliveryMode = lookupId(DELIVERY_MODES);

export const catalogueCourseAnswer = answerSchema<CatalogueCourse>()(
  'CatalogueCourse',
  z.object({
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
    path: z.string(),
    version,
    updated_at: instantSchema,
    updated_by: staffRef.nullable(),
  }),
);

const catalogueCourseRow = answerSchema<CatalogueCourseList['courses'][number]>()(
  'CatalogueCourseRow',
  catalogueCourseAnswer.pick({
    _id: true,
    course_name: true,
    slug: true,
    course_type: true,
    status: true,
    path: true,
    version: true,
    updated_at: true,
  }),
);
export const catalogueCourseListAnswer = answerSchema<CatalogueCourseList>()(
  'CatalogueCourseList',
  z.object({
    courses: z.array(catalogueCourseRow),
    total: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
  }),
);

export const catalogueCategoryAnswer = answerSchema<CatalogueCategory>()(
  'CatalogueCategory',
  z.object({
    _id: idSchema,
    course_type: courseType,
    parent_id: idSchema.nullable(),
    name: z.string(),
    slug: z.string(),
    description: z.string(),
    position,
    version,
  }),
);
export const catalogueCategoryListAnswer = answerSchema<{ categories: CatalogueCategory[] }>()(
  'CatalogueCategoryList',
  z.object({
    categories: z.array(catalogueCategoryAnswer),
  }),
);

export const catalogueIntakeAnswer = answerSchema<CatalogueIntake>()(
  'CatalogueIntake',
  z.object({
    _id: idSchema,
    course_id: idSchema,
    start_date: daySchema,
    end_date: daySchema,
    schedule: z.string(),
    delivery_mode: deliveryMode,
    seats: z.number().int().nullable(),
    version,
  }),
);
export const catalogueIntakeListAnswer = answerSchema<{ intakes: CatalogueIntake[] }>()(
  'CatalogueIntakeList',
  z.object({
    intakes: z.array(catalogueIntakeAnswer),
  }),
);

export const catalogueAnnouncementAnswer = answerSchema<CatalogueAnnouncement>()(
  'CatalogueAnnouncement',
  z.object({
    _id: idSchema,
    title: z.string(),
    body: z.string(),
    published_at: instantSchema,
    version,
  }),
);
export const catalogueAnnouncementListAnswer = answerSchema<{ announcements: CatalogueAnnouncement[] }>()(
  'CatalogueAnnouncementList',
  z.object({
    announcements: z.array(catalogueAnnouncementAnswer),
  }),
);

export const catalogueBannerOfferAnswer = answerSchema<CatalogueBannerOffer>()(
  'CatalogueBannerOffer',
  z.object({
    _id: idSchema,
    title: z.string(),
    subtitle: z.string(),
    course_id: idSchema,
    cta: z.string(),
    position,
    version,
  }),
);
export const catalogueBannerOfferListAnswer = answerSchema<{ offers: CatalogueBannerOffer[] }>()(
  'CatalogueBannerOfferList',
  z.object({
    offers: z.array(catalogueBannerOfferAnswer),
  }),
);

const professorPhoto = answerSchema<ProfessorPhoto>()(
  'ProfessorPhoto',
  z.object({
    url: z.string(),
    width: z.number().int(),
    height: z.number().int(),
  }),
);
export const catalogueProfessorAnswer = answerSchema<CatalogueProfessor>()(
  'CatalogueProfessor',
  z.object({
    _id: idSchema,
    name: z.string(),
    title: z.string(),
    credentials: z.array(z.string()),
    bio: z.string(),
    course_ids: z.array(idSchema),
    position,
    sample: z.boolean(),
    photo: professorPhoto.nullable(),
    version,
  }),
);
export const catalogueProfessorListAnswer = answerSchema<{ professors: CatalogueProfessor[] }>()(
  'CatalogueProfessorList',
  z.object({
    professors: z.array(catalogueProfessorAnswer),
  }),
);

export const catalogueSearchSynonymAnswer = answerSchema<CatalogueSearchSynonym>()(
  'CatalogueSearchSynonym',
  z.object({
    _id: idSchema,
    term: z.string(),
    means: z.string().meta({ description: 'Comma-separated phrases the search also looks for.' }),
    version,
  }),
);
export const catalogueSearchSynonymListAnswer = answerSchema<{ synonyms: CatalogueSearchSynonym[] }>()(
  'CatalogueSearchSynonymList',
  z.object({
    synonyms: z.array(catalogueSearchSynonymAnswer),
  }),
);

const catalogueChange = answerSchema<CatalogueChange>()(
  'CatalogueChange',
  z.object({
    _id: idSchema,
    kind: z.enum(['course', 'category', 'intake', 'announcement', 'banner_offer', 'professor', 'search_synonym']),
    item_id: idSchema,
    action: z.enum(['create', 'update', 'delete']),
    at: instantSchema,
    by: staffRef.nullable(),
    /** Field name → [before, after], any JSON values. */
    fields: z.record(z.string(), z.tuple([z.unknown(), z.unknown()])),
  }),
);
export const catalogueChangeListAnswer = answerSchema<{ changes: CatalogueChange[] }>()(
  'CatalogueChangeList',
  z.object({
    changes: z.array(catalogueChange),
  }),
);

/** 409 of a stale save or removal: the item as it is now, to show and reapply the change on. */
const conflict = <T>(name: string, item: z.ZodType<T>) =>
  answerSchema<CatalogueConflict<T>>()(`${name}Conflict`, z.object({ message: z.string(), current: item }));
export const catalogueConflicts = {
  course: conflict('CatalogueCourse', catalogueCourseAnswer),
  category: conflict('CatalogueCategory', catalogueCategoryAnswer),
  intake: conflict('CatalogueIntake', catalogueIntakeAnswer),
  announcement: conflict('CatalogueAnnouncement', catalogueAnnouncementAnswer),
  bannerOffer: conflict('CatalogueBannerOffer', catalogueBannerOfferAnswer),
  professor: conflict('CatalogueProfessor', catalogueProfessorAnswer),
  searchSynonym: conflict('CatalogueSearchSynonym', catalogueSearchSynonymAnswer),
};
