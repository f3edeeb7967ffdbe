/** Reads the public catalogue (active courses only) from the database in a handful of queries. */
import type { Queryable } from '../db/database';
import type { Announcement, BannerOffer, Intake } from '../../src/contract';
import type { CourseTypeId, DeliveryModeId, DurationUnitId, StatusId } from '../../src/lookups';
import type { CourseContent } from '../../src/catalogue-content';
import { loadProfessors, type ProfessorRow } from './load-professors';

export interface CategoryRow {
  id: string;
  course_type: CourseTypeId;
  parent_id: string | null;
  name: string;
  slug: string;
  description: string;
}

export interface CourseRow extends CourseContent {
  id: string;
  course_name: string;
  slug: string;
  course_type: CourseTypeId;
  vocational: boolean;
  category_id: string | null;
  sub_category_id: string | null;
  duration: number;
  duration_unit: DurationUnitId;
  delivery_mode: DeliveryModeId;
  status: StatusId;
  certification: string | null;
  summary: string;
  description: string;
  outline: string[];
}

export type IntakeRow = Omit<Intake, 'course_name' | 'course_slug' | 'course_type'>;

export interface CatalogueData {
  categories: CategoryRow[];
  courses: CourseRow[];
  intakes: IntakeRow[];
  announcements: Announcement[];
  bannerOffers: BannerOffer[];
  /** Inactive courses: only their addresses are used (to answer 410 Gone), never listed. */
  inactiveCourses: CourseRow[];
  /** Permanent redirects of site paths (url_redirects). */
  redirects: { from_path: string; to_path: string }[];
  professors: ProfessorRow[];
}

/** What places a course (its address, menus, facts); active courses also load their texts and content. */
const COURSE_KEY_COLUMNS = `id, course_name, slug, course_type, vocational, category_id, sub_category_id, duration, duration_unit,
            delivery_mode, status, certification`;

export async function loadCatalogueData(db: Queryable, today: string): Promise<CatalogueData> {
  const categories = await db.query<CategoryRow>(
    `SELECT id, course_type, parent_id, name, slug, description FROM categories ORDER BY position, name`,
  );
  const courses = await db.query<CourseRow>(
    `SELECT ${COURSE_KEY_COLUMNS}, summary, description, outline, fees, admission, outcomes, kpi
       FROM courses WHERE status = 1 ORDER BY course_type, position, course_name`,
  );
  const inactive = await db.query<CourseRow>(
    `SELECT ${COURSE_KEY_COLUMNS}, '' AS summary, '' AS description, '[]'::jsonb AS outline,
            NULL::jsonb AS fees, NULL::jsonb AS admission, NULL::jsonb AS outcomes, NULL::jsonb AS kpi
       FROM courses WHERE status = 2`,
  );
  const redirects = await db.query<{ from_path: string; to_path: string }>('SELECT from_path, to_path FROM url_redirects');
  // Intakes that have not ended yet; "upcoming" (not started) is decided per day in memory.
  const intakes = await db.query<IntakeRow>(
    `SELECT i.id AS "_id", i.course_id, to_char(i.start_date, 'YYYY-MM-DD') AS start_date,
            to_char(i.end_date, 'YYYY-MM-DD') AS end_date, i.schedule, i.delivery_mode
       FROM intakes i JOIN courses c ON c.id = i.course_id
      WHERE c.status = 1 AND i.end_date >= $1::date
      ORDER BY i.start_date, c.position, i.id`,
    [today],
  );
  const announcements = await db.query<{ _id: string; title: string; body: string; published_at: Date }>(
    `SELECT id AS "_id", title, body, published_at FROM announcements ORDER BY published_at DESC, id`,
  );
  const offers = await db.query<BannerOffer>(
    `SELECT b.id AS "_id", b.title, b.subtitle, c.slug AS course_slug, b.cta
       FROM banner_offers b JOIN courses c ON c.id = b.course_id
      WHERE c.status = 1 ORDER BY b.position, b.id`,
  );
  return {
    categories: categories.rows,
    courses: courses.rows,
    intakes: intakes.rows,
    announcements: announcements.rows.map((row) => ({ ...row, published_at: new Date(row.published_at).toISOString() })),
    bannerOffers: offers.rows,
    inactiveCourses: inactive.rows,
    redirects: redirects.rows,
    professors: await loadProfessors(db),
  };
}
