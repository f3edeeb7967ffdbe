/**
 * Serves the built site and widget from memory: every public route of the shared route table
 * rendered on the server (200; see server/pages), the rendered 404 page with 404 for anything
 * else, the CRM's client-rendered shell, the seed's redirects as 301s, hashed assets cached
 * immutably, sitemap.xml and robots.txt. What is already in memory is also answered by the fast
 * path (front-end-fast-path.ts) before Fastify, from the same lookup, so both send the same.
 */
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { matchRoute } from '../../src/routes';
import { PageRenderer } from '../pages/page-renderer';
import { loadStaticDir, makeStaticFile, sendStatic } from './static-files';
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
const NO_HEADERS = {};

export async function registerFrontEnd(app: FastifyInstance, ctx: AppContext, fastPaths: FastPath[]): Promise<void> {
  const site = loadStaticDir(path.join(ctx.config.distDir, 'site'), '');
  const widget = loadStaticDir(path.join(ctx.config.distDir, 'widget'), '/widget');
  const missingBuild = makeStaticFile(Buffer.from(MISSING_BUILD), 'index.html');
  site.delete('/index.html');
  const pages = PageRenderer.create(ctx);
  const sitemaps = new SitemapFiles(ctx.config.siteUrl, ctx.catalogue);
  const robots = makeStaticFile(Buffer.from(buildRobots(ctx.config.siteUrl)), 'robots.txt');

  /** A built site file and how long it may be cached (hashed assets for good). */
  const assetAt = (urlPath: string) => {
    const file = site.get(urlPath);
    return file && { file, cacheControl: urlPath.startsWith('/assets/') ? IMMUTABLE : HOURLY, extra: NO_HEADERS };
  };

  /** What is answered 200 from memory at an exact path: a built file or an already rendered page. */
  const files: FrontEndFiles = {
    lookup(urlPath) {
      if (urlPath.startsWith('/widget/')) {
        const file = widget.get(urlPath);
        const entry = urlPath === '/widget/college-inquiry.js' || urlPath === '/widget/college-inquiry-form.js';
        return file && { file, cacheControl: entry ? WIDGET_ENTRY : IMMUTABLE, extra: WIDGET_HEADERS };
      }
      if (ctx.catalogue.redirectFor(urlPath)) return undefined;
      const asset = assetAt(urlPath);
      if (asset) return asset;
      const page = pages?.cachedPage(urlPath);
      return page && { file: page, cacheControl: SHELL, extra: NO_HEADERS };
    },
  };
  fastPaths.push(frontEndFastPath(files, alwaysHsts(ctx.config.siteUrl)));

  app.get('/widget/*', async (request, reply) => {
    reply.headers(WIDGET_HEADERS);
    const found = files.lookup(pathOf(request));
    if (!found) return reply.status(404).header('Content-Type', 'text/plain').send('Not found');
    return sendStatic(request, reply, found.file, found.cacheControl);
  });

  app.get('/robots.txt', async (request, reply) => sendStatic(request, reply, robots, HOURLY));

  const answerPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const urlPath = pathOf(request);
    if (urlPath.startsWith('/api/')) return reply.status(404).send({ message: `There is no API call ${request.method} ${urlPath}.` });
    const target = ctx.catalogue.redirectFor(urlPath);
    if (target) return reply.redirect(target + queryOf(request), 301);
    const sitemap = sitemaps.file(urlPath);
    if (sitemap) return sendStatic(request, reply, sitemap, HOURLY);
    const asset = assetAt(urlPath);
    if (asset) return sendStatic(request, reply, asset.file, asset.cacheControl);
    if (!pages) {
      const match = matchRoute(urlPath);
      const status = ctx.catalogue.goneCourseAt(urlPath) ? 410 : match !== null && ctx.catalogue.routeExists(match) ? 200 : 404;
      return sendStatic(request, reply, missingBuild, SHELL, status);
    }
    const page = await pages.answer(urlPath, queryOf(request).slice(1));
    return sendStatic(request, reply, page.file, SHELL, page.status);
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
