/**
 * The paged and capped variants of catalogue answers (src/public-limits.ts), computed on first
 * request from the model. Each is keyed like the other catalogue answers, by its API path and
 * query; a key with a value out of range (a page past the last one, a cap above the allowed one)
 * names nothing here, so it goes on to the validated Fastify route and its message.
 */
import type { CategoryListingPage } from '../../src/contract';
import type { CourseTypeId } from '../../src/lookups';
import { ANNOUNCEMENTS_PAGE_SIZE, CATEGORY_PAGE_SIZE } from '../../src/public-limits';
import { categoryListing, findCategory } from './answers';
import type { CatalogueModel, CourseNode } from './model';

/** The largest `per_category` GET /api/courses/search accepts. */
export const MAX_PER_CATEGORY = 50;

const pagesOf = (count: number, size: number) => Math.max(1, Math.ceil(count / size));
const slice = <T>(list: readonly T[], page: number, size: number) => list.slice((page - 1) * size, page * size);

/** A course type's summaries with at most `perCategory` per top-level category (listing pages). */
function cappedSummaries(model: CatalogueModel, type: CourseTypeId, perCategory: number) {
  const taken = new Map<string, number>();
  const kept: CourseNode[] = [];
  for (const course of model.courses) {
    if (course.row.course_type !== type) continue;
    const key = course.category?.row.id ?? '';
    const count = taken.get(key) ?? 0;
    if (count >= perCategory) continue;
    taken.set(key, count + 1);
    kept.push(course);
  }
  return kept.map((course) => course.summary);
}

function categoryPage(
  model: CatalogueModel,
  type: CourseTypeId,
  slug: string,
  subSlug: string | undefined,
  page: number,
): CategoryListingPage | undefined {
  const node = findCategory(model, type, slug, subSlug);
  if (!node) return undefined;
  const pages = pagesOf(node.courses.length, CATEGORY_PAGE_SIZE);
  if (page > pages) return undefined;
  const listing = categoryListing(node, slice(node.courses, page, CATEGORY_PAGE_SIZE));
  return { ...listing, page, pages, total_courses: node.courses.length };
}

const CAPPED_LISTING = /^\/courses\/search\?course_type=([123])&per_category=([1-9]\d?)$/;
const CATEGORY_PAGE = /^\/categories\/([12])\/([^/?]+)(?:\/([^/?]+))?\?page=([1-9]\d{0,5})$/;
const ANNOUNCEMENTS_PAGE = /^\/announcements\?page=([1-9]\d{0,5})$/;

/** The bounded answer a key names, or undefined. */
export function boundedAnswer(model: CatalogueModel, key: string): unknown {
  const listing = CAPPED_LISTING.exec(key);
  if (listing) {
    const perCategory = Number(listing[2]);
    return perCategory <= MAX_PER_CATEGORY ? cappedSummaries(model, Number(listing[1]) as CourseTypeId, perCategory) : undefined;
  }
  const category = CATEGORY_PAGE.exec(key);
  if (category) return categoryPage(model, Number(category[1]) as CourseTypeId, category[2] ?? '', category[3], Number(category[4]));
  const announcements = ANNOUNCEMENTS_PAGE.exec(key);
  if (announcements) {
    const page = Number(announcements[1]);
    const all = model.data.announcements;
    return page === 1 || page <= pagesOf(all.length, ANNOUNCEMENTS_PAGE_SIZE) ? slice(all, page, ANNOUNCEMENTS_PAGE_SIZE) : undefined;
  }
  return undefined;
}

/** GET /api/announcements without a page: the newest ones (page 1). */
export const newestAnnouncements = (model: CatalogueModel) => slice(model.data.announcements, 1, ANNOUNCEMENTS_PAGE_SIZE);
