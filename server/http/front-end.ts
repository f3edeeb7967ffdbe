/**
 * Serves the built site and widget from memory: every public route of the shared route table
 * rendered on the server (200; see server/pages), the rendered 404 page with 404 for anything
 * else, the CRM's client-rendered shell, the seed's redirects as 301s, hashed assets cached
 * immutably, sitemap.xml and robots.txt; statuses come from the read path (catalogue/public-read.ts)
 * and every answer is written by send-representation.ts. What is already in memory is also
 * answered by the fast path (front-end-fast-path.ts) before Fastify, from the same lookup, so both
 * send the same.
 */
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { pageStatus } from '../catalogue/public-read';
import { PageRenderer } from '../pages/page-renderer';
import { injectedEventReader, registerEventCancelForm, watchEventWrites } from '../pages/event-page-data';
import { fileRepresentation, loadStaticDir } from './static-files';
import { sendRepresentation } from './send-representation';
import { buildRobots, SitemapFiles } from './sitemap';
import type { FastPath } from './fast-paths';
import { frontEndFastPath, type FrontEndFiles } from './front-end-fast-path';
import { alwaysHsts } from './security-headers';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The widget URLs are stable (partners embed the loader; it names its form file), so browsers revalidate them every few minutes. */
const WIDGET_ENTRY = 'public, max-age=300, stale-while-revalidate=86400';
const SHELL = 'no-cache';
const HOURLY = 'public, max-age=3600';
/** Partner pages on any origin load the script and, lazily, its phone-validation utilities. */
const WIDGET_HEADERS = { 'Cross-Origin-Resource-Policy': 'cross-origin', 'Access-Control-Allow-Origin': '*' };
const WIDGET_ENTRIES = new Set(['/widget/college-inquiry.js', '/widget/college-inquiry-form.js']);

export async function registerFrontEnd(app: FastifyInstance, ctx: AppContext, fastPaths: FastPath[]): Promise<void> {
  // Hashed assets are cached for good.
  const site = loadStaticDir(path.join(ctx.config.distDir, 'site'), '', (urlPath) => ({
    cacheControl: urlPath.startsWith('/assets/') ? IMMUTABLE : HOURLY,
  }));
  const widget = loadStaticDir(path.join(ctx.config.distDir, 'widget'), '/widget', (urlPath) => ({
    cacheControl: WIDGET_ENTRIES.has(urlPath) ? WIDGET_ENTRY : IMMUTABLE,
    extra: WIDGET_HEADERS,
  }));
  const missingBuild = fileRepresentation(Buffer.from(MISSING_BUILD), 'index.html', SHELL);
  site.delete('/index.html');
  const pages = PageRenderer.create(ctx, injectedEventReader(app));
  // Kept pages that show events are rendered again after a write to events (server/pages).
  if (pages) watchEventWrites(app, () => pages.eventsChanged());
  registerEventCancelForm(app);
  const sitemaps = new SitemapFiles(ctx.config.siteUrl, ctx.catalogue);
  const robots = fileRepresentation(Buffer.from(buildRobots(ctx.config.siteUrl)), 'robots.txt', HOURLY);

  /** What is answered 200 from memory at an exact path: a built file or an already rendered page. */
  const files: FrontEndFiles = {
    lookup(urlPath) {
      if (urlPath.startsWith('/widget/')) return widget.get(urlPath);
      if (ctx.catalogue.redirectFor(urlPath)) return undefined;
      return site.get(urlPath) ?? pages?.cachedPage(urlPath);
    },
  };
  fastPaths.push(frontEndFastPath(files, alwaysHsts(ctx.config.siteUrl)));

  app.get('/widget/*', async (request, reply) => {
    reply.headers(WIDGET_HEADERS);
    const found = files.lookup(pathOf(request));
    if (!found) return reply.status(404).header('Content-Type', 'text/plain').send('Not found');
    return sendRepresentation(request, reply, found);
  });

  app.get('/robots.txt', async (request, reply) => sendRepresentation(request, reply, robots));

  const answerPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const urlPath = pathOf(request);
    if (urlPath.startsWith('/api/')) return reply.status(404).send({ message: `There is no API call ${request.method} ${urlPath}.` });
    const status = pageStatus(ctx.catalogue, urlPath);
    if (status.status === 301) return reply.redirect(status.location + queryOf(request), 301);
    const file = sitemaps.file(urlPath) ?? site.get(urlPath);
    if (file) return sendRepresentation(request, reply, file);
    if (!pages) return sendRepresentation(request, reply, missingBuild, status.status);
    const page = await pages.answer(urlPath, queryOf(request).slice(1), status.status);
    return sendRepresentation(request, reply, page.file, page.status);
  };
  app.get('/', answerPage);
  app.get('/*', answerPage);
}

function pathOf(request: FastifyRequest): string {
  const url = request.url;
  const end = url.indexOf('?');
  return end === -1 ? url : url.slice(0, end);
}

function queryOf(request: FastifyRequest): string {
  const end = request.url.indexOf('?');
  return end === -1 ? '' : request.url.slice(end);
}

const MISSING_BUILD = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Not built</title></head>
<body><main><h1>The site has not been built</h1><p>Run <code>npm run build</code>, then restart.</p></main></body></html>`;
