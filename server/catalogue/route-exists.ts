/**
 * Whether a matched route's catalogue-backed params name real things, consistently: a part-time
 * sub-category must belong to its category and a course to its sub-category; a full-time course
 * route must name the right kind of (active) course.
 */
import type { RouteMatch, SlugKind } from '../../src/routes';
import { findCategory } from './answers';
import type { CatalogueModel } from './model';

export function routeExistsIn(model: CatalogueModel, match: RouteMatch): boolean {
  const kinds = match.route.params;
  if (!kinds) return true;
  const slugOf = (kind: SlugKind): string | undefined => {
    const name = Object.keys(kinds).find((key) => kinds[key] === kind);
    return name === undefined ? undefined : match.params[name];
  };
  const present = new Set(Object.values(kinds));

  const categorySlug = slugOf('partTimeCategory');
  const subSlug = slugOf('partTimeSubCategory');
  if (present.has('partTimeCategory') && (categorySlug === undefined || !findCategory(model, 2, categorySlug))) return false;
  const sub = categorySlug !== undefined && subSlug !== undefined ? findCategory(model, 2, categorySlug, subSlug) : undefined;
  if (present.has('partTimeSubCategory') && !sub) return false;

  if (present.has('fullTimeCategory')) {
    const slug = slugOf('fullTimeCategory');
    if (slug === undefined || !findCategory(model, 1, slug)) return false;
  }
  if (present.has('fullTimeCourse')) {
    const course = model.courseBySlug.get(slugOf('fullTimeCourse') ?? '');
    if (!course || course.row.course_type !== 1 || !course.row.vocational) return false;
  }
  if (present.has('nonVocationalCourse')) {
    const course = model.courseBySlug.get(slugOf('nonVocationalCourse') ?? '');
    if (!course || course.row.course_type !== 1 || course.row.vocational) return false;
  }
  if (present.has('course')) {
    const course = model.courseBySlug.get(slugOf('course') ?? '');
    if (!course) return false;
    // Under a sub-category the course must be one of its own.
    if (sub && course.subCategory !== sub) return false;
  }
  // 'event': events live in the database, not the catalogue; the event page reads its event by
  // slug while rendering and an unknown one renders the 404 page, which declares the 404 status.
  return true;
}
