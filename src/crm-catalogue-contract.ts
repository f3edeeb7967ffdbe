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
import type { Id } from './contract';
import type { StaffRef } from './crm-contract';
import type { CourseContent, Professor } from './catalogue-content';
import type { CourseTypeId, DeliveryModeId, DurationUnitId, StatusId } from './lookups';

export type CatalogueItemKind = 'course' | 'category' | 'intake' | 'announcement' | 'banner_offer' | 'professor' | 'search_synonym';

/** Everything an editor sets on a course or program. */
export interface CatalogueCourseInput extends CourseContent {
  course_name: string;
  slug: string;
  course_type: CourseTypeId;
  vocational: boolean;
  category_id: Id | null;
  sub_category_id: Id | null;
  summary: string;
  description: string;
  outline: string[];
  duration: number;
  duration_unit: DurationUnitId;
  delivery_mode: DeliveryModeId;
  status: StatusId;
  certification: string | null;
}

export interface CatalogueCourse extends CatalogueCourseInput {
  _id: Id;
  /** The public page (for an inactive course: the address that answers 410). */
  path: string;
  version: number;
  updated_at: string;
  updated_by: StaffRef | null;
}

export interface CatalogueCourseList {
  courses: Pick<CatalogueCourse, '_id' | 'course_name' | 'slug' | 'course_type' | 'status' | 'path' | 'version' | 'updated_at'>[];
  total: number;
  page: number;
  page_size: number;
}

export interface CatalogueCategoryInput {
  course_type: CourseTypeId;
  /** null for a top-level category. */
  parent_id: Id | null;
  name: string;
  slug: string;
  description: string;
  position: number;
}

export interface CatalogueCategory extends CatalogueCategoryInput {
  _id: Id;
  version: number;
}

export interface CatalogueIntakeInput {
  start_date: string; // YYYY-MM-DD
  end_date: string; // YYYY-MM-DD
  schedule: string;
  delivery_mode: DeliveryModeId;
  /** Seats offered; null when not limited. */
  seats: number | null;
}

export interface CatalogueIntake extends CatalogueIntakeInput {
  _id: Id;
  course_id: Id;
  version: number;
}

export interface CatalogueAnnouncementInput {
  title: string;
  body: string;
  published_at: string; // ISO date-time
}

export interface CatalogueAnnouncement extends CatalogueAnnouncementInput {
  _id: Id;
  version: number;
}

/**
 * A search synonym: a search containing `term` ("office 365") also looks for each of `means`
 * (comma-separated: "microsoft 365"), the words the catalogue uses.
 */
export interface CatalogueSearchSynonymInput {
  term: string;
  means: string;
}

export interface CatalogueSearchSynonym extends CatalogueSearchSynonymInput {
  _id: Id;
  version: number;
}

export interface CatalogueBannerOfferInput {
  title: string;
  subtitle: string;
  course_id: Id;
  cta: string;
  position: number;
}

export interface CatalogueBannerOffer extends CatalogueBannerOfferInput {
  _id: Id;
  version: number;
}

export interface CatalogueProfessorInput {
  name: string;
  title: string;
  credentials: string[];
  bio: string;
  /** Courses taught, by id. */
  course_ids: Id[];
  position: number;
  sample: boolean;
}

export interface CatalogueProfessor extends CatalogueProfessorInput {
  _id: Id;
  photo: Professor['photo'];
  version: number;
}

/** One recorded change: who, when, and each changed field's value before and after. */
export interface CatalogueChange {
  _id: Id;
  kind: CatalogueItemKind;
  item_id: Id;
  action: 'create' | 'update' | 'delete';
  at: string;
  by: StaffRef | null;
  /** Field name → [before, after] (JSON values); for create/delete, the whole item on one side. */
  fields: Record<string, [unknown, unknown]>;
}

/** 409 answer of a stale save. */
export interface CatalogueConflict<T> {
  message: string;
  current: T;
}
