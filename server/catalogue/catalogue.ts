/**
 * The course catalogue, held in memory. Catalogue reads (names-website, courses, courses/search,
 * course and category pages, intakes, announcements, banner, professors, KPI figures) are answered from here, serialised
 * once, not computed per request; `reload()` rebuilds it after the catalogue changes. Answers
 * that depend on the date (upcoming intakes) are serialised once per day.
 */
import type { Database } from '../db/database';
import type { RouteMatch } from '../../src/routes';
import type { CourseSummary } from '../../src/contract';
import type { CourseTypeId, DeliveryModeId } from '../../src/lookups';
import { publicApiPaths } from '../../src/public-api';
import { todayIso } from './dates';
import { loadCatalogueData } from './load';
import { buildModel, courseDetail, type CatalogueModel } from './model';
import { categoryListing, courseOptions, fullTimeNames, partTimeNames, summariesOfType, upcomingIntakes } from './answers';
import { routeExistsIn } from './route-exists';
import { professorList, programKpis } from './people';
import { jsonAnswer, type JsonAnswer } from './json-answer';
import { boundedAnswer, newestAnnouncements } from './bounded-answers';
import { buildSiteAddresses, withoutTrailingSlash, type GoneCourse, type SiteAddresses } from './site-addresses';

export type { JsonAnswer } from './json-answer';
export type { GoneCourse } from './site-addresses';

/** How many intakes the home page lists. */
export const NEXT_INTAKES = 4;
const byStart = (a: { start_date: string }, b: { start_date: string }) => a.start_date.localeCompare(b.start_date);

export interface Catalogue {
  reload(): Promise<void>;
  /** Changes on every reload: what is rendered from the catalogue is kept per version. */
  version(): number;
  /** Active course by `_id`, for lead validation. */
  courseById(id: string): CourseSummary | undefined;
  /** Whether every catalogue-backed param of a matched route names something that exists. */
  routeExists(match: RouteMatch): boolean;
  /** The hot reads' answers, serialised, keyed by API path (src/public-api.ts); undefined when the thing does not exist. Read them through public-read.ts. */
  answer(key: string): JsonAnswer | undefined;
  /** Active courses, in display order (search and the sitemap use them). */
  courses(): readonly CourseSummary[];
  /** Category and sub-category pages of the site, e.g. `/part-time-courses/cisco/ccnp`. */
  categoryPaths(): readonly string[];
  /** Where a site path permanently redirects to (trailing slash ignored), or null. */
  redirectFor(path: string): string | null;
  /** The inactive course whose page (or `/course/{slug}`) this path was: it answers 410 Gone. */
  goneCourseAt(path: string): GoneCourse | undefined;
  /** The inactive course with this slug (the API's course detail answers 410 for it). */
  goneCourseBySlug(slug: string): GoneCourse | undefined;
}

class MemoryCatalogue implements Catalogue {
  private model!: CatalogueModel;
  private addresses!: SiteAddresses;
  private fixed = new Map<string, JsonAnswer>();
  private daily = new Map<string, JsonAnswer>();
  private dailyDate = '';
  private loads = 0;
  /** Reloads run one after another, so an older read never replaces a newer one. */
  private reloading: Promise<void> = Promise.resolve();

  constructor(private readonly db: Database) {}

  reload(): Promise<void> {
    const next = this.reloading.catch(() => undefined).then(() => this.load());
    this.reloading = next;
    return next;
  }

  /** Answers are keyed by their API path after `/api`, as src/public-api.ts writes it (slugs need no escaping: catalogue-edit/fields.ts). */
  private async load(): Promise<void> {
    const data = await loadCatalogueData(this.db.pool, todayIso());
    const model = buildModel(data);
    const addresses = buildSiteAddresses(data);
    const fixed = new Map<string, JsonAnswer>();
    fixed.set(publicApiPaths.names(1), jsonAnswer(fullTimeNames(model)));
    fixed.set(publicApiPaths.names(2), jsonAnswer(partTimeNames(model)));
    fixed.set(publicApiPaths.courses(), jsonAnswer(courseOptions(model)));
    for (const type of [1, 2, 3] as const) fixed.set(publicApiPaths.coursesOfType(type), jsonAnswer(summariesOfType(model, type)));
    for (const [type, tops] of model.topCategories) {
      for (const top of tops) {
        fixed.set(publicApiPaths.category(type, top.row.slug), jsonAnswer(categoryListing(top)));
        for (const sub of top.subs) fixed.set(publicApiPaths.category(type, top.row.slug, sub.row.slug), jsonAnswer(categoryListing(sub)));
      }
    }
    fixed.set(publicApiPaths.announcements(), jsonAnswer(newestAnnouncements(model)));
    fixed.set(publicApiPaths.bannerOffers(), jsonAnswer(model.data.bannerOffers));
    fixed.set(publicApiPaths.professors(), jsonAnswer(professorList(model)));
    fixed.set(publicApiPaths.kpi(), jsonAnswer(programKpis(model)));
    // Swapped in together, so a request never sees half of an old and half of a new catalogue.
    this.model = model;
    this.addresses = addresses;
    this.fixed = fixed;
    this.daily = new Map();
    this.loads += 1;
  }

  version(): number {
    return this.loads;
  }

  courseById(id: string): CourseSummary | undefined {
    return this.model.courseById.get(id)?.summary;
  }

  routeExists(match: RouteMatch): boolean {
    return routeExistsIn(this.model, match);
  }

  answer(key: string): JsonAnswer | undefined {
    return this.fixed.get(key) ?? this.dailyAnswer(key);
  }

  courses(): readonly CourseSummary[] {
    return this.model.courses.map((course) => course.summary);
  }

  categoryPaths(): readonly string[] {
    const paths: string[] = [];
    for (const top of this.model.topCategories.get(1) ?? []) paths.push(`/full-time-courses/${top.row.slug}`);
    for (const top of this.model.topCategories.get(2) ?? []) {
      paths.push(`/part-time-courses/${top.row.slug}`);
      for (const sub of top.subs) paths.push(`/part-time-courses/${top.row.slug}/${sub.row.slug}`);
    }
    return paths;
  }

  redirectFor(path: string): string | null {
    return this.addresses.redirects.get(withoutTrailingSlash(path)) ?? null;
  }

  goneCourseAt(path: string): GoneCourse | undefined {
    return this.addresses.goneByPath.get(withoutTrailingSlash(path));
  }

  goneCourseBySlug(slug: string): GoneCourse | undefined {
    return this.addresses.goneBySlug.get(slug);
  }

  /** Course details, intake lists and paged answers: serialised on first use each day, for existing things only. */
  private dailyAnswer(key: string): JsonAnswer | undefined {
    const today = todayIso();
    if (today !== this.dailyDate) {
      this.daily = new Map();
      // A new day: also re-read the database in the background, so intakes added since appear.
      if (this.dailyDate !== '') this.reload().catch(() => undefined);
      this.dailyDate = today;
    }
    const hit = this.daily.get(key);
    if (hit) return hit;
    const value = this.computeDaily(key, today);
    if (value === undefined) return undefined;
    const answer = jsonAnswer(value);
    this.daily.set(key, answer);
    return answer;
  }

  private computeDaily(key: string, today: string): unknown {
    const coursePrefix = publicApiPaths.course('');
    if (key.startsWith(coursePrefix)) {
      const course = this.model.courseBySlug.get(key.slice(coursePrefix.length));
      return course ? courseDetail(course, today) : undefined;
    }
    if (key === publicApiPaths.nextIntakes()) return upcomingIntakes(this.model, today, null, null).sort(byStart).slice(0, NEXT_INTAKES);
    const intakes = /^\/intakes\?course_type=([123]?)&delivery_mode=([12]?)$/.exec(key);
    if (intakes) {
      const type = intakes[1] ? (Number(intakes[1]) as CourseTypeId) : null;
      const mode = intakes[2] ? (Number(intakes[2]) as DeliveryModeId) : null;
      return upcomingIntakes(this.model, today, type, mode);
    }
    return boundedAnswer(this.model, key);
  }
}

export async function loadCatalogue(db: Database): Promise<Catalogue> {
  const catalogue = new MemoryCatalogue(db);
  await catalogue.reload();
  return catalogue;
}
