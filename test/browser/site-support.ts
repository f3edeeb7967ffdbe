/**
 * Helpers for the site's browser tests: real paths from the seeded catalogue (asked of the real
 * API), and console errors other than the browser's own "Failed to load resource" lines.
 */
import type { CourseSummary, PartTimeNames } from '../../src/contract';

export interface CataloguePaths {
  vocational: CourseSummary;
  nonVocational: CourseSummary;
  partTime: CourseSummary & { category: NonNullable<CourseSummary['category']>; sub_category: NonNullable<CourseSummary['sub_category']> };
  fullTimeCategorySlug: string;
}

export async function cataloguePaths(baseUrl: string): Promise<CataloguePaths> {
  // Full summaries come by course type (GET /api/courses is the widget's lean list).
  const byType = (type: number) =>
    fetch(`${baseUrl}/api/courses/search?course_type=${type}`).then((r) => r.json() as Promise<CourseSummary[]>);
  const courses = (await Promise.all([byType(1), byType(2)])).flat();
  const vocational = courses.find((c) => c.course_type === 1 && c.vocational && c.category);
  const nonVocational = courses.find((c) => c.course_type === 1 && !c.vocational);
  const partTime = courses.find((c) => c.course_type === 2 && c.category && c.sub_category);
  if (!vocational || !nonVocational || !partTime || !vocational.category)
    throw new Error('The seed catalogue lacks a course kind the tests need');
  return { vocational, nonVocational, partTime: partTime as CataloguePaths['partTime'], fullTimeCategorySlug: vocational.category.slug };
}

export async function partTimeNames(baseUrl: string): Promise<PartTimeNames> {
  return (await (await fetch(`${baseUrl}/api/courses/names-website?course_type=2`)).json()) as PartTimeNames;
}

/** The browser logs failed HTTP answers itself; those are the test's doing, not the page's. */
export const pageErrorsOnly = (errors: string[]) => errors.filter((e) => !e.startsWith('Failed to load resource'));
