/**
 * The seed's decision content (issue 12): fees, admission, outcomes and KPI figures per course, and
 * the sample professors. Written for the fictional college; the seed inserts it once, after which
 * staff edit it in the CRM.
 */
import type { CourseContent } from '../../../../src/catalogue-content';
import { NON_VOCATIONAL_CONTENT } from './full-time-other';
import { VOCATIONAL_CONTENT } from './full-time-vocational';
import { PART_TIME_CONTENT } from './part-time';
import { SAMPLE_PROFESSORS, type SeedProfessor } from './professors';

const NO_CONTENT: CourseContent = { fees: null, admission: null, outcomes: null, kpi: null };
const ALL_CONTENT: Readonly<Record<string, CourseContent>> = { ...VOCATIONAL_CONTENT, ...NON_VOCATIONAL_CONTENT, ...PART_TIME_CONTENT };

/** The content of a seed course, by slug. */
export function seedCourseContent(slug: string): CourseContent {
  return ALL_CONTENT[slug] ?? NO_CONTENT;
}

/** Sample instructors, marked `sample` in the database and on the site. */
export const SEED_PROFESSORS: readonly SeedProfessor[] = SAMPLE_PROFESSORS;
