/**
 * The one read path for public data. The Fastify routes (public-routes.ts, server/search/search-routes.ts),
 * the fast path in front of Fastify (http/catalogue-fast-path.ts, http/front-end-fast-path.ts) and
 * server rendering (pages/page-renderer.ts) all ask here, by the API paths of src/public-api.ts,
 * and get the same statuses, messages and representations:
 * - a catalogue read is 200 with its JSON representation, 410 for a withdrawn course (with where
 *   to look instead), else 404 with the route's message;
 * - a search is answered through one result cache per application, with the route's limits;
 * - a site page is 301 (a redirect of the seed's), 410 (a withdrawn course's page), 200 (a route
 *   whose slugs exist) or 404.
 */
import type { AppContext } from '../context';
import type { SearchAnswer } from '../../src/search-contract';
import { matchRoute } from '../../src/routes';
import { publicApiPaths } from '../../src/public-api';
import { searchSite, synonymsFor, SEARCH_CACHE_SECONDS, SearchResultCache } from '../search';
import type { Catalogue, JsonAnswer } from './catalogue';
import { COURSE_GONE_MESSAGE } from './site-addresses';

/** A read that found nothing to send: its status, message and any extra JSON fields of the answer. */
export interface MissingRead {
  status: 404 | 410;
  message: string;
  extra: Record<string, unknown>;
}

export type CatalogueRead = { status: 200; answer: JsonAnswer } | MissingRead;

const COURSE_PREFIX = publicApiPaths.course('');

/** The 404 message of each catalogue read, by its path (the first that matches). */
const NOT_FOUND_MESSAGES: readonly [RegExp, string][] = [
  [/^\/courses\/slug\//, 'We could not find that course. It may have been renamed or withdrawn.'],
  [/^\/courses[/?]?/, 'The course list is not available.'],
  [/^\/categories\/.*\?page=/, 'That page of the category does not exist.'],
  [/^\/categories\//, 'We could not find that category.'],
  [/^\/intakes/, 'The calendar is not available.'],
  [/^\/announcements/, 'There are no announcements on that page.'],
  [/^\/banner-offers/, 'No offers.'],
  [/^\/professors/, 'The professors list is not available.'],
  [/^\/kpi/, 'The KPI figures are not available.'],
];

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value; // a malformed escape names nothing in the catalogue
  }
}

/** The catalogue's answer at an API path (after `/api`, as src/public-api.ts writes it). */
export function readCatalogue(catalogue: Catalogue, path: string): CatalogueRead {
  if (path.startsWith(COURSE_PREFIX)) {
    const gone = catalogue.goneCourseBySlug(safeDecode(path.slice(COURSE_PREFIX.length)));
    if (gone) return { status: 410, message: COURSE_GONE_MESSAGE, extra: { course_name: gone.course_name, listing: gone.listing } };
  }
  const answer = catalogue.answer(path);
  if (answer) return { status: 200, answer };
  const message = NOT_FOUND_MESSAGES.find(([pattern]) => pattern.test(path))?.[1] ?? 'Not found.';
  return { status: 404, message, extra: {} };
}

/** A validated search (server/search/site-query.ts says what is valid). */
export interface SearchInput {
  q: string;
  limit: number;
  page: number;
  exact: boolean;
}

/** How long a search answer may be cached, by browsers and by our result cache alike. */
export const SEARCH_CACHE_CONTROL = `public, max-age=${SEARCH_CACHE_SECONDS}`;

/** The reads that need more than the catalogue (search, from the database), one per application. */
export class PublicReads {
  private readonly searches = new SearchResultCache<SearchAnswer>();

  constructor(private readonly ctx: AppContext) {}

  /** The search answer for `input`, from the result cache when the same search was made lately. */
  async search({ q, limit, page, exact }: SearchInput): Promise<SearchAnswer> {
    const { db, catalogue } = this.ctx;
    const version = catalogue.version();
    const answer = await this.searches.get(JSON.stringify([q.toLowerCase(), limit, page, exact]), version, async () => {
      const result = await searchSite(db.pool, q, {
        limit,
        offset: (page - 1) * limit,
        exact,
        synonyms: await synonymsFor(db.pool, version),
        coursePath: (id) => catalogue.courseById(id)?.path,
      });
      return { query: q, corrected: result.corrected, widened: result.widened, results: result.hits };
    });
    // Cached per lower-cased text: the answer repeats the text as this request typed it.
    return { ...answer, query: q };
  }
}

const readsOf = new WeakMap<AppContext, PublicReads>();

/** The application's public reads (one search cache shared by the route and server rendering). */
export function publicReads(ctx: AppContext): PublicReads {
  let reads = readsOf.get(ctx);
  if (!reads) {
    reads = new PublicReads(ctx);
    readsOf.set(ctx, reads);
  }
  return reads;
}

export type PageStatus = { status: 301; location: string } | { status: 200 | 404 | 410 };

/** A site page's status by the route table and the catalogue (the query is not looked at). */
export function pageStatus(catalogue: Catalogue, urlPath: string): PageStatus {
  const target = catalogue.redirectFor(urlPath);
  if (target) return { status: 301, location: target };
  const match = matchRoute(urlPath);
  if (match === null) return { status: 404 };
  // A withdrawn course's page: 410 Gone, rendered with where to look instead.
  if (catalogue.goneCourseAt(urlPath)) return { status: 410 };
  return { status: catalogue.routeExists(match) ? 200 : 404 };
}
