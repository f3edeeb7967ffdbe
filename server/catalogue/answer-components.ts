/**
 * The public catalogue's answer shapes for the API description: the zod schemas of
 * src/catalogue-schemas.ts (the wire types are inferred from them, so the contract is written
 * once), named as components of the OpenAPI document. The routes use the schemas themselves.
 */
import { named } from '../openapi/answer-schema';
import {
  announcementListSchema,
  announcementSchema,
  bannerOfferListSchema,
  bannerOfferSchema,
  categoryListingPageSchema,
  categoryListingSchema,
  categorySchema,
  courseDetailSchema,
  courseGoneSchema,
  courseNameSchema,
  courseNamesSchema,
  courseOptionListSchema,
  courseOptionSchema,
  courseSummaryListSchema,
  courseSummarySchema,
  fullTimeNamesSchema,
  intakeListSchema,
  intakeSchema,
  namedSlugSchema,
  partTimeNamesSchema,
  professorListSchema,
  professorSchema,
  programKpiListSchema,
  programKpiSchema,
} from '../../src/catalogue-schemas';

/**
 * Named by server/openapi/answers-public.ts, which every route's module loads (the document lists
 * components by name, so where they are named does not matter).
 */
export function nameCatalogueAnswers(): void {
  named('CourseName', courseNameSchema);
  named('NamedSlug', namedSlugSchema);
  named('FullTimeNames', fullTimeNamesSchema);
  named('PartTimeNames', partTimeNamesSchema);
  named('CourseNames', courseNamesSchema);
  named('CourseOption', courseOptionSchema);
  named('CourseOptionList', courseOptionListSchema);
  named('CourseSummary', courseSummarySchema);
  named('CourseSummaryList', courseSummaryListSchema);
  named('Intake', intakeSchema);
  named('IntakeList', intakeListSchema);
  named('CourseDetail', courseDetailSchema);
  named('CourseGoneAnswer', courseGoneSchema);
  named('CategoryListing', categoryListingSchema);
  named('CategoryListingPage', categoryListingPageSchema);
  named('CategoryAnswer', categorySchema);
  named('Announcement', announcementSchema);
  named('AnnouncementList', announcementListSchema);
  named('BannerOffer', bannerOfferSchema);
  named('BannerOfferList', bannerOfferListSchema);
}

/** GET /api/professors and GET /api/kpi. */
export function namePeopleAnswers(): void {
  named('Professor', professorSchema);
  named('ProfessorList', professorListSchema);
  named('ProgramKpi', programKpiSchema);
  named('ProgramKpiList', programKpiListSchema);
}
