/**
 * The seed's decision content (issue 12): fees, admission, outcomes and KPI figures per course, and
 * the sample professors. Written for the fictional college; the seed inserts it once, after which
 * staff edit it in the CRM. (Placeholder until the content lands: every course has none.)
 */
import type { CourseContent } from '../../../../src/catalogue-content';

export interface SeedProfessor {
  /** Stable key: the seed derives the row id from it. */
  key: string;
  name: string;
  title: string;
  credentials: string[];
  bio: string;
  /** Slugs of the seed courses taught. */
  courseSlugs: string[];
}

const NO_CONTENT: CourseContent = { fees: null, admission: null, outcomes: null, kpi: null };

/** The content of a seed course, by slug. */
export function seedCourseContent(_slug: string): CourseContent {
  return NO_CONTENT;
}

/** Sample instructors, marked `sample` in the database and on the site. */
export const SEED_PROFESSORS: readonly SeedProfessor[] = [];
