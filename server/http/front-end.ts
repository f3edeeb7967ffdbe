/**
 * Serves the built site and widget from memory: every public route of the shared route table
 * rendered on the server (200; see server/pages), the rendered 404 page with 404 for anything
 * else, the CRM's client-rendered shell, the seed's redirects as 301s, hashed assets cached
 * immutably, sitemap.xml and robots.txt.
 */
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { matchRoute } from '../../src/routes';
import { PageRenderer } from '../pages/page-renderer';
import { loadStaticDir, makeStaticFile, sendStatic } from './static-files';
import { buildRobots, buildSitemap } from './sitemap';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The widget URLs are stable (partners embed the loader; it names its form file), so browsers revalidate them every few minutes. */
const WIDGET_ENTRY = 'public, max-age=300, stale-while-revalidate=86400';
const SHELL = 'no-cache';

export async function registerFrontEnd(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const site = loadStaticDir(path.join(ctx.config.distDir, 'site'), '');
  const widget = loadStaticDir(path.join(ctx.config.distDir, 'widget'), '/widget');
  const missingBuild = makeStaticFile(Buffer.from(MISSING_BUILD), 'index.html');
  site.delete('/index.html');
  const pages = PageRenderer.create(ctx);
  // Rebuilt when the catalogue changes, so it names only current addresses.
  let sitemap = { version: -1, file: makeStaticFile(Buffer.from(''), 'sitemap.xml') };
  const currentSitemap = () => {
    if (sitemap.version !== ctx.catalogue.version()) {
      sitemap = { version: ctx.catalogue.version(), file: makeStaticFile(Buffer.from(buildSitemap(ctx.config.siteUrl, ctx.catalogue)), 'sitemap.xml') };
    }
    return sitemap.file;
  };
  const robots = makeStaticFile(Buffer.from(buildRobots(ctx.config.siteUrl)), 'robots.txt');

  app.get('/widget/*', async (request, reply) => {
    const file = widget.get(pathOf(request));
    // Partner pages on any origin load the script and, lazily, its phone-validation utilities.
    reply.header('Cross-Origin-Resource-Policy', 'cross-origin').header('Access-Control-Allow-Origin', '*');
    if (!file) return reply.status(404).header('Content-Type', 'text/plain').send('Not found');
    const entry = pathOf(request) === '/widget/college-inquiry.js' || pathOf(request) === '/widget/college-inquiry-form.js';
    return sendStatic(request, reply, file, entry ? WIDGET_ENTRY : IMMUTABLE);
  });

  app.get('/sitemap.xml', async (request, reply) => sendStatic(request, reply, currentSitemap(), 'public, max-age=3600'));
  app.get('/robots.txt', async (request, reply) => sendStatic(request, reply, robots, 'public, max-age=3600'));

  const answerPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const urlPath = pathOf(request);
    if (urlPath.startsWith('/api/')) return reply.status(404).send({ message: `There is no API call ${request.method} ${urlPath}.` });
    const target = ctx.catalogue.redirectFor(urlPath);
    if (target) return reply.redirect(target + queryOf(request), 301);
    const asset = site.get(urlPath);
    if (asset) return sendStatic(request, reply, asset, urlPath.startsWith('/assets/') ? IMMUTABLE : 'public, max-age=3600');
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

