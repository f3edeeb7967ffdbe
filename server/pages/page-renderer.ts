/**
 * Public pages rendered on the server, from memory. A page is rendered on its first request and
 * kept (precompressed, with an ETag) until the catalogue changes or the day turns (upcoming intakes
 * depend on the date). Statuses are the route table's: 200 for a route whose slugs exist, 404 (with
 * the rendered 404 page) otherwise. The CRM keeps the client-rendered shell, marked noindex.
 */
import { matchRoute, type PageId } from '../../src/routes';
import { loadAllPages, pageModuleName, renderPage, type Seed } from '../../site/ssr/renderPage';
import type { SearchAnswer } from '../../src/search-contract';
import { pageNumber } from '../../src/public-limits';
import type { AppContext } from '../context';
import { todayIso } from '../catalogue/dates';
import { searchSite } from '../search/search';
import { synonymsFor } from '../search/synonyms';
import { makeRuntimeFile, makeStaticFile, type StaticFile } from '../http/static-files';
import { headMarkup } from './head-markup';
import { PageTemplate } from './page-template';
import { menuSeed } from './menu-seeds';
import type { JsonAnswer } from '../catalogue/catalogue';
import { catalogueKeys } from '../catalogue/catalogue';
import { COURSE_GONE_MESSAGE } from '../catalogue/site-addresses';

const COURSE_KEY = catalogueKeys.course('');

export interface PageAnswer {
  file: StaticFile;
  status: number;
}

/** Pages whose content depends on the query string (everything else ignores it, e.g. ad click ids). */
const QUERY_PAGES: ReadonlySet<PageId> = new Set<PageId>(['calendar', 'searchKeyword']);
/** Pages that read only `?page=` (paged lists): other parameters neither change nor multiply them. */
const PAGED_PAGES: ReadonlySet<PageId> = new Set<PageId>(['fullTimeCategory', 'partTimeCategory', 'partTimeSubCategory', 'announcements']);

function queryFor(page: PageId | undefined, query: string): string {
  if (page && QUERY_PAGES.has(page)) return query;
  if (!page || !PAGED_PAGES.has(page)) return '';
  const number = pageNumber(new URLSearchParams(query).get('page'));
  return number > 1 ? `page=${number}` : '';
}
/** The CRM is client-rendered: every address under /crm, whatever screens it gains, gets the shell. */
const isCrmPath = (urlPath: string) => urlPath === '/crm' || urlPath.startsWith('/crm/');
/** Rendered pages kept in memory; the oldest go first beyond this (unknown URLs must not grow it forever). */
const MAX_CACHED_PAGES = 1000;
const DEFAULT_DESCRIPTION = 'IT career college in Toronto: full-time diplomas and part-time Cisco, Linux, CompTIA and Microsoft courses.';

export class PageRenderer {
  private cache = new Map<string, PageAnswer>();
  private cacheVersion = '';
  private readonly parsedAnswers = new WeakMap<JsonAnswer, unknown>();
  private readonly crmShell: StaticFile;

  private constructor(
    private readonly template: PageTemplate,
    private readonly ctx: AppContext,
  ) {
    this.crmShell = makeStaticFile(Buffer.from(template.plain('<meta name="robots" content="noindex, nofollow">')), 'index.html');
  }

  /** Null when the site has not been built. */
  static create(ctx: AppContext): PageRenderer | null {
    const template = PageTemplate.load(ctx.config.distDir);
    if (!template) return null;
    loadAllPages();
    return new PageRenderer(template, ctx);
  }

  async answer(urlPath: string, query: string): Promise<PageAnswer> {
    const match = matchRoute(urlPath);
    if (match && isCrmPath(urlPath)) return { file: this.crmShell, status: 200 };
    // A withdrawn course's page: 410 Gone, rendered with where to look instead.
    const gone = match !== null && this.ctx.catalogue.goneCourseAt(urlPath) !== undefined;
    const status = gone ? 410 : match !== null && this.ctx.catalogue.routeExists(match) ? 200 : 404;
    const search = queryFor(match?.route.page, query);
    if (match?.route.page === 'searchKeyword' || match?.route.page === 'searchQuery' || match?.route.page === 'courseSearch') {
      // Search results come from the database, per query: rendered on each request, never kept.
      return { file: await this.render(urlPath, search, status, match.route.page), status };
    }
    const version = this.currentVersion();
    if (version !== this.cacheVersion) {
      this.cache = new Map();
      this.cacheVersion = version;
    }
    const key = `${urlPath}?${search}`;
    const cached = this.cache.get(key);
    if (cached) return cached;
    const answer = { file: await this.render(urlPath, search, status, match?.route.page ?? null), status };
    if (this.cache.size >= MAX_CACHED_PAGES) this.cache.delete(this.cache.keys().next().value ?? '');
    this.cache.set(key, answer);
    return answer;
  }

  /** Rendered pages are kept per catalogue version and day (upcoming intakes depend on the date). */
  private currentVersion(): string {
    return `${this.ctx.catalogue.version()}|${todayIso()}`;
  }

  /** The page already rendered 200 for this query-free path under the current catalogue version, if any. */
  cachedPage(urlPath: string): StaticFile | undefined {
    if (this.cacheVersion !== this.currentVersion()) return undefined;
    const hit = this.cache.get(`${urlPath}?`);
    return hit?.status === 200 ? hit.file : undefined;
  }

  private async render(urlPath: string, search: string, status: number, page: PageId | null): Promise<StaticFile> {
    const fetched = new Map<string, Seed>();
    const resolve = (apiPath: string): Seed | undefined => fetched.get(apiPath) ?? this.fromCatalogue(apiPath, urlPath);
    const origin = this.ctx.config.siteUrl.replace(/\/$/, '');
    let rendered = renderPage(urlPath, search, origin, resolve);
    if (rendered.pending.size > 0) {
      for (const apiPath of rendered.pending) fetched.set(apiPath, await this.fetchAnswer(apiPath));
      rendered = renderPage(urlPath, search, origin, resolve);
    }
    const route = matchRoute(urlPath)?.route;
    const fallback = { title: status === 200 && route ? route.title : 'Page Not Found', description: DEFAULT_DESCRIPTION, noindex: status !== 200 };
    const preloads = this.template.preloadsFor(status === 200 && page ? pageModuleName(page) : null);
    const data = JSON.stringify(Object.fromEntries(rendered.data)).replace(/</g, '\\u003c');
    const html = this.template.fill({
      head: headMarkup(rendered.head, fallback, urlPath, preloads),
      app: rendered.html,
      data: `<script type="application/json" id="page-data">${data}</script>`,
    });
    return makeRuntimeFile(Buffer.from(html), 'page.html');
  }

  /** Catalogue answers are in memory under their API path; anything else there does not exist. */
  private fromCatalogue(apiPath: string, urlPath: string): Seed | undefined {
    if (apiPath.startsWith('/search?')) return undefined;
    let key = apiPath;
    try {
      key = decodeURIComponent(apiPath);
    } catch {
      // a malformed escape names nothing in the catalogue
    }
    const answer = this.ctx.catalogue.answer(key);
    const gone = key.startsWith(COURSE_KEY) ? this.ctx.catalogue.goneCourseBySlug(key.slice(COURSE_KEY.length)) : undefined;
    if (gone) return { ok: false, status: 410, message: COURSE_GONE_MESSAGE, body: { message: COURSE_GONE_MESSAGE, course_name: gone.course_name, listing: gone.listing } };
    if (!answer) return { ok: false, status: 404, message: 'Not found.' };
    return { ok: true, data: menuSeed(key, this.parsed(answer), urlPath) };
  }

  /** An answer's value, parsed once per answer (the menus' are large at scale, and every page reads them). */
  private parsed(answer: JsonAnswer): unknown {
    let value = this.parsedAnswers.get(answer);
    if (value === undefined) {
      value = JSON.parse(answer.body.toString('utf8')) as unknown;
      this.parsedAnswers.set(answer, value);
    }
    return value;
  }

  /** The answers a render needs from the database (search results). */
  private async fetchAnswer(apiPath: string): Promise<Seed> {
    const params = new URLSearchParams(apiPath.slice(apiPath.indexOf('?') + 1));
    const q = params.get('q')?.trim() ?? '';
    if (!apiPath.startsWith('/search?') || q.length === 0 || q.length > 200) return { ok: false, status: 400, message: 'Type something to search for.' };
    try {
      const { db, catalogue } = this.ctx;
      const result = await searchSite(db.pool, q, {
        limit: 10, exact: params.get('exact') === '1', synonyms: await synonymsFor(db.pool, catalogue.version()),
        coursePath: (id) => catalogue.courseById(id)?.path,
      });
      const answer: SearchAnswer = { query: q, corrected: result.corrected, widened: result.widened, results: result.hits };
      return { ok: true, data: answer };
    } catch {
      return { ok: false, status: 503, message: 'Search is not available at the moment. Please try again.' };
    }
  }
}
