/**
 * The answer shapes of catalogue editing in the CRM for the routes and the API description: the zod
 * schemas of src/crm-catalogue-schemas.ts (the wire types are inferred from them, so the contract
 * is written once), named here as components of the OpenAPI document, in the order they have always
 * been listed; and a stale save's 409 `{ message, current }` for each kind of item.
 */
import { z } from 'zod';
import type { CatalogueConflict } from '../../src/crm-catalogue-contract';
import { professorPhotoSchema } from '../../src/catalogue-schemas';
import {
  catalogueAnnouncementListSchema,
  catalogueAnnouncementSchema,
  catalogueBannerOfferListSchema,
  catalogueBannerOfferSchema,
  catalogueCategoryListSchema,
  catalogueCategorySchema,
  catalogueChangeListSchema,
  catalogueChangeSchema,
  catalogueCourseListSchema,
  catalogueCourseRowSchema,
  catalogueCourseSchema,
  catalogueIntakeListSchema,
  catalogueIntakeSchema,
  catalogueProfessorListSchema,
  catalogueProfessorSchema,
  catalogueSearchSynonymListSchema,
  catalogueSearchSynonymSchema,
} from '../../src/crm-catalogue-schemas';
import { answerSchema, named } from '../openapi/answer-schema';
// Names StaffRef, which an item's updated_by and a change's by refer to.
import '../openapi/answers-staff';

export const catalogueCourseAnswer = named('CatalogueCourse', catalogueCourseSchema);
named('CatalogueCourseRow', catalogueCourseRowSchema);
export const catalogueCourseListAnswer = named('CatalogueCourseList', catalogueCourseListSchema);
export const catalogueCategoryAnswer = named('CatalogueCategory', catalogueCategorySchema);
export const catalogueCategoryListAnswer = named('CatalogueCategoryList', catalogueCategoryListSchema);
export const catalogueIntakeAnswer = named('CatalogueIntake', catalogueIntakeSchema);
export const catalogueIntakeListAnswer = named('CatalogueIntakeList', catalogueIntakeListSchema);
export const catalogueAnnouncementAnswer = named('CatalogueAnnouncement', catalogueAnnouncementSchema);
export const catalogueAnnouncementListAnswer = named('CatalogueAnnouncementList', catalogueAnnouncementListSchema);
export const catalogueBannerOfferAnswer = named('CatalogueBannerOffer', catalogueBannerOfferSchema);
export const catalogueBannerOfferListAnswer = named('CatalogueBannerOfferList', catalogueBannerOfferListSchema);
named('ProfessorPhoto', professorPhotoSchema);
export const catalogueProfessorAnswer = named('CatalogueProfessor', catalogueProfessorSchema);
export const catalogueProfessorListAnswer = named('CatalogueProfessorList', catalogueProfessorListSchema);
export const catalogueSearchSynonymAnswer = named('CatalogueSearchSynonym', catalogueSearchSynonymSchema);
export const catalogueSearchSynonymListAnswer = named('CatalogueSearchSynonymList', catalogueSearchSynonymListSchema);
named('CatalogueChange', catalogueChangeSchema);
export const catalogueChangeListAnswer = named('CatalogueChangeList', catalogueChangeListSchema);

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
