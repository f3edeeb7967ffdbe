/**
 * Wire types of catalogue editing in the CRM (issue 12), under /api/crm/catalogue. Admins may edit;
 * so may a counsellor an admin has made an editor (`catalogue_editor`); anyone else gets 403.
 * Every item carries a `version`: a save names the version it was edited from, and a save from a
 * stale version answers 409 `{ message, current }` (never a silent overwrite). Errors answer
 * `{ message, errors?: { field: message } }` like the rest of the API. Every change is recorded
 * (who, when, what changed) and listed on the item.
 *
 *   GET    /api/crm/catalogue/courses?q=&course_type=&status=&page=   → CatalogueCourseList
 *   GET    /api/crm/catalogue/courses/:id                            → CatalogueCourse
 *   POST   /api/crm/catalogue/courses            CatalogueCourseInput → 201 CatalogueCourse
 *   PUT    /api/crm/catalogue/courses/:id        CatalogueCourseInput & { version } → CatalogueCourse
 *   GET    /api/crm/catalogue/categories                             → { categories: CatalogueCategory[] }
 *   POST   /api/crm/catalogue/categories         CatalogueCategoryInput → 201 CatalogueCategory
 *   PUT    /api/crm/catalogue/categories/:id     CatalogueCategoryInput & { version } → CatalogueCategory
 *   GET    /api/crm/catalogue/courses/:id/intakes                    → { intakes: CatalogueIntake[] }
 *   POST   /api/crm/catalogue/courses/:id/intakes CatalogueIntakeInput → 201 CatalogueIntake
 *   PUT    /api/crm/catalogue/intakes/:id        CatalogueIntakeInput & { version } → CatalogueIntake
 *   DELETE /api/crm/catalogue/intakes/:id?version=N                  → 204
 *   GET    /api/crm/catalogue/announcements                          → { announcements: CatalogueAnnouncement[] }
 *   POST   /api/crm/catalogue/announcements      CatalogueAnnouncementInput → 201
 *   PUT    /api/crm/catalogue/announcements/:id  … & { version }     → CatalogueAnnouncement
 *   DELETE /api/crm/catalogue/announcements/:id?version=N            → 204
 *   GET    /api/crm/catalogue/banner-offers                          → { offers: CatalogueBannerOffer[] }
 *   POST / PUT /:id / DELETE /:id?version=N  (as announcements)
 *   GET    /api/crm/catalogue/professors                             → { professors: CatalogueProfessor[] }
 *   POST / PUT /:id / DELETE /:id?version=N  (as announcements)
 *   PUT    /api/crm/catalogue/professors/:id/photo  raw image body (image/jpeg|png|webp, ≤ 2 MB) → CatalogueProfessor
 *   DELETE /api/crm/catalogue/professors/:id/photo                   → CatalogueProfessor
 *   GET    /api/crm/catalogue/search-synonyms                        → { synonyms: CatalogueSearchSynonym[] }
 *   POST / PUT /:id / DELETE /:id?version=N  (as announcements)
 *   GET    /api/crm/catalogue/changes?kind=course&id=:id             → { changes: CatalogueChange[] }
 *
 * The editor permission is a field of the staff account: PATCH /api/crm/staff/:id
 * `{ version, catalogue_editor: boolean }` (admins only), shown on StaffMember as `catalogue_editor`.
 */
import type {
  CatalogueAnnouncement,
  CatalogueBannerOffer,
  CatalogueCategory,
  CatalogueCourse,
  CatalogueIntake,
  CatalogueProfessor,
  CatalogueSearchSynonym,
} from './crm-catalogue-schemas';

// The answers are zod schemas (src/crm-catalogue-schemas.ts, server-only values); their types come from there.
export type {
  CatalogueAnnouncement,
  CatalogueAnnouncementList,
  CatalogueBannerOffer,
  CatalogueBannerOfferList,
  CatalogueCategory,
  CatalogueCategoryList,
  CatalogueChange,
  CatalogueChangeList,
  CatalogueCourse,
  CatalogueCourseList,
  CatalogueIntake,
  CatalogueIntakeList,
  CatalogueItemKind,
  CatalogueProfessor,
  CatalogueProfessorList,
  CatalogueSearchSynonym,
  CatalogueSearchSynonymList,
} from './crm-catalogue-schemas';

/** What an editor sets on an item: the item as the CRM answers it, without what the server keeps. */
type Edited<T, Kept extends keyof T> = Omit<T, '_id' | 'version' | Kept>;

/** Everything an editor sets on a course or program. */
export type CatalogueCourseInput = Edited<CatalogueCourse, 'path' | 'updated_at' | 'updated_by'>;
export type CatalogueCategoryInput = Edited<CatalogueCategory, never>;
export type CatalogueIntakeInput = Edited<CatalogueIntake, 'course_id'>;
export type CatalogueAnnouncementInput = Edited<CatalogueAnnouncement, never>;
/**
 * A search synonym: a search containing `term` ("office 365") also looks for each of `means`
 * (comma-separated: "microsoft 365"), the words the catalogue uses.
 */
export type CatalogueSearchSynonymInput = Edited<CatalogueSearchSynonym, never>;
export type CatalogueBannerOfferInput = Edited<CatalogueBannerOffer, never>;
export type CatalogueProfessorInput = Edited<CatalogueProfessor, 'photo'>;

/** 409 answer of a stale save (server/catalogue-edit/answers.ts names one per item kind). */
export interface CatalogueConflict<T> {
  message: string;
  current: T;
}
