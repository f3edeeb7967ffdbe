/**
 * Public pages rendered on the server, from memory. A page is rendered on its first request and
 * kept (a representation: precompressed on request, with ETags) until the catalogue changes or the
 * day turns (upcoming intakes depend on the date); one that shows events (a program's page, the
 * calendar) also until the events change (event-freshness.ts), so its events are in its HTML. A
 * render reads its data through the public read path (catalogue/public-read.ts), as the API routes
 * answer it, search cache and limits included. Its status is the route table's (given by the
 * caller, from the same read path) unless the component rendered declares one (the 404 page, a
 * withdrawn course's page; see site/lib/pageData.ts). The CRM keeps the client-rendered shell,
 * marked noindex.
 */
import { matchRoute, type PageId } from '../../src/routes';
import { loadAllPages, pageModuleName, renderPage, type PageData } from '../../site/ssr/renderPage';
import { pageNumber } from '../../src/public-limits';
import { publicApiPaths } from '../../src/public-api';
import type { AppContext } from '../context';
import { todayIso } from '../catalogue';
import { publicReads, readCatalogue, type PublicReads } from '../catalogue/public-read';
import { fileRepresentation } from '../http/static-files';
import type { Representation } from '../http/representation';
import { siteSearchQuery } from '../search';
import { headMarkup } from './head-markup';
import { PageTemplate } from './page-template';
import { menuPageData } from './menu-page-data';
import type { JsonAnswer } from '../catalogue/catalogue';
import { isEventRead, type ApiReader } from './event-page-data';
import { eventsStamp, isCurrent, type EventsStamp } from './event-freshness';

const SEARCH_PREFIX = publicApiPaths.search('').slice(0, -'q='.length);
/** Pages are revalidated on every visit (their ETag makes that cheap). */
const SHELL = 'no-cache';

export interface PageAnswer {
  file: Representation;
  status: 200 | 404 | 410;
}

/** A kept page, with what its events were read under (null: it shows none). */
interface KeptPage {
  answer: PageAnswer;
  events: EventsStamp | null;
}

/** Pages whose content depends on the query string (everything else ignores it, e.g. ad click ids). */
const QUERY_PAGES: ReadonlySet<PageId> = new Set<PageId>(['calendar', 'searchKeyword', 'events', 'eventRegistration']);
/** Pages read from the database on each request, never kept: search results, and events (seats change with every registration). */
const PER_REQUEST_PAGES: ReadonlySet<PageId> = new Set<PageId>([
  'searchKeyword',
  'searchQuery',
  'courseSearch',
  'events',
  'event',
  'eventRegistration',
]);
/** A registration's page names the person: no shared cache may keep it. */
const PRIVATE_PAGES: ReadonlySet<PageId> = new Set<PageId>(['eventRegistration']);
/** Pages that read only `?page=` (paged lists): other parameters neither change nor multiply them. */
const PAGED_PAGES: ReadonlySet<PageId> = new Set<PageId>(['fullTimeCategory', 'partTimeCategory', 'partTimeSubCategory', 'announcements']);

function queryFor(page: PageId | undefined, query: string): string {
  if (page && QUERY_PAGES.has(page)) return query;
  if (!page || !PAGED_PAGES.has(page)) return '';
  const number = pageNumber(new URLSearchParams(query).get('page'));
  return number > 1 ? `page=${number}` : '';
}
/** The CRM and the applicant portal are client-rendered: every address under /crm or /apply gets the shell. */
const isCrmPath = (urlPath: string) => /^\/(crm|apply)(\/|$)/.test(urlPath);
/** Rendered pages kept in memory; the oldest go first beyond this (unknown URLs must not grow it forever). */
const MAX_CACHED_PAGES = 1000;
const DEFAULT_DESCRIPTION = 'IT career college in Toronto: full-time diplomas and part-time Cisco, Linux, CompTIA and Microsoft courses.';

export class PageRenderer {
  private cache = new Map<string, KeptPage>();
  private cacheVersion = '';
  /** Bumped on every write to events through this process (see eventsChanged). */
  private eventsVersion = 0;
  private readonly parsedAnswers = new WeakMap<JsonAnswer, unknown>();
  private readonly crmShell: Representation;
  private readonly reads: PublicReads;

  private constructor(
    private readonly template: PageTemplate,
    private readonly ctx: AppContext,
    private readonly readEvents: ApiReader | null,
  ) {
    this.crmShell = fileRepresentation(
      Buffer.from(template.plain('<meta name="robots" content="noindex, nofollow">')),
      'index.html',
      SHELL,
    );
    this.reads = publicReads(ctx);
  }

  /** Null when the site has not been built. `readEvents`: the events pages' data (event-page-data.ts). */
  static create(ctx: AppContext, readEvents: ApiReader | null = null): PageRenderer | null {
    const template = PageTemplate.load(ctx.config.distDir);
    if (!template) return null;
    loadAllPages();
    return new PageRenderer(template, ctx, readEvents);
  }

  /** `status`: the page's by the route table (catalogue/public-read.ts's pageStatus). */
  async answer(urlPath: string, query: string, status: 200 | 404 | 410): Promise<PageAnswer> {
    const match = matchRoute(urlPath);
    if (match && isCrmPath(urlPath)) return { file: this.crmShell, status: 200 };
    const search = queryFor(match?.route.page, query);
    if (match && PER_REQUEST_PAGES.has(match.route.page)) return (await this.render(urlPath, search, status, match.route.page)).answer;
    const version = this.currentVersion();
    if (version !== this.cacheVersion) {
      this.cache = new Map();
      this.cacheVersion = version;
    }
    const key = `${urlPath}?${search}`;
    const cached = this.current(key);
    if (cached) return cached;
    // The version before rendering: a write during the render leaves this page out of date.
    const eventsVersion = this.eventsVersion;
    const rendered = await this.render(urlPath, search, status, match?.route.page ?? null);
    if (this.cache.size >= MAX_CACHED_PAGES && !this.cache.has(key)) this.cache.delete(this.cache.keys().next().value ?? '');
    this.cache.set(key, { answer: rendered.answer, events: eventsStamp(rendered.used, eventsVersion, Date.now()) });
    return rendered.answer;
  }

  /** Events were created, edited, cancelled or registered for: kept pages that show events are rendered again. */
  eventsChanged(): void {
    this.eventsVersion += 1;
  }

  /** The kept page at `key` if it is still true for its events. */
  private current(key: string): PageAnswer | undefined {
    const kept = this.cache.get(key);
    return kept && isCurrent(kept.events, this.eventsVersion, Date.now()) ? kept.answer : undefined;
  }

  /** Rendered pages are kept per catalogue version and day (upcoming intakes depend on the date). */
  private currentVersion(): string {
    return `${this.ctx.catalogue.version()}|${todayIso()}`;
  }

  /** The page already rendered 200 for this query-free path under the current catalogue version, if any. */
  cachedPage(urlPath: string): Representation | undefined {
    if (this.cacheVersion !== this.currentVersion()) return undefined;
    const hit = this.current(`${urlPath}?`);
    return hit?.status === 200 ? hit.file : undefined;
  }

  private async render(
    urlPath: string,
    search: string,
    routeStatus: PageAnswer['status'],
    page: PageId | null,
  ): Promise<{ answer: PageAnswer; used: ReadonlyMap<string, PageData> }> {
    const fetched = new Map<string, PageData>();
    const resolve = (apiPath: string): PageData | undefined => fetched.get(apiPath) ?? this.fromCatalogue(apiPath, urlPath);
    const origin = this.ctx.config.siteUrl.replace(/\/$/, '');
    let rendered = renderPage(urlPath, search, origin, resolve);
    if (rendered.pending.size > 0) {
      for (const apiPath of rendered.pending) fetched.set(apiPath, await this.fetchAnswer(apiPath));
      rendered = renderPage(urlPath, search, origin, resolve);
    }
    // A route whose slugs do not fit together is a 404 whatever shows; otherwise the page says.
    const status = routeStatus !== 200 ? routeStatus : (rendered.status ?? 200);
    const route = matchRoute(urlPath)?.route;
    const fallback = {
      title: status === 200 && route ? route.title : 'Page Not Found',
      description: DEFAULT_DESCRIPTION,
      noindex: status !== 200,
    };
    const preloads = this.template.preloadsFor(status === 200 && page ? pageModuleName(page) : null);
    const data = JSON.stringify(Object.fromEntries(rendered.data)).replace(/</g, '\\u003c');
    const html = this.template.fill({
      head: headMarkup(rendered.head, fallback, urlPath, preloads),
      app: rendered.html,
      data: `<script type="application/json" id="page-data">${data}</script>`,
    });
    const cacheControl = page && PRIVATE_PAGES.has(page) ? 'private, no-store' : SHELL;
    return { answer: { file: fileRepresentation(Buffer.from(html), 'page.html', cacheControl), status }, used: rendered.data };
  }

  /** Catalogue answers, read as the API routes answer them (with the menus cut to what a page shows). */
  private fromCatalogue(apiPath: string, urlPath: string): PageData | undefined {
    if (apiPath.startsWith(SEARCH_PREFIX) || isEventRead(apiPath)) return undefined;
    const read = readCatalogue(this.ctx.catalogue, apiPath);
    if (read.status !== 200)
      return { ok: false, status: read.status, message: read.message, body: { ...read.extra, message: read.message } };
    return { ok: true, data: menuPageData(apiPath, this.parsed(read.answer), urlPath) };
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

  /** The answers a render needs from the database (search results), as GET /api/search answers them. */
  private async fetchAnswer(apiPath: string): Promise<PageData> {
    if (isEventRead(apiPath) && this.readEvents) return this.readEvents(apiPath);
    const params = new URLSearchParams(apiPath.slice(apiPath.indexOf('?') + 1));
    const input = siteSearchQuery.safeParse(Object.fromEntries(params));
    if (!apiPath.startsWith(SEARCH_PREFIX) || !input.success) {
      const message = input.error?.issues[0]?.message ?? 'Type something to search for.';
      return { ok: false, status: 400, message, body: { message } };
    }
    try {
      const { q, limit, page, exact } = input.data;
      return { ok: true, data: await this.reads.search({ q, limit, page, exact: exact === '1' }) };
    } catch {
      return { ok: false, status: 503, message: 'Search is not available at the moment. Please try again.' };
    }
  }
}
