/** Builds the Fastify application: API routes under /api, then the site and widget. */
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { AppContext } from './context';
import { handleError } from './http/errors';
import { registerCors } from './http/cors';
import { registerSecurityHeaders } from './http/security-headers';
import { registerUnstorableTextCheck } from './http/unstorable-text';
import { fastifyTrustProxy } from './http/trusted-proxies';
import { registerHealthRoutes } from './routes/health';
import { registerCatalogueRoutes } from './routes/catalogue';
import { registerSearchRoutes } from './routes/search';
import { registerLeadRoutes } from './routes/leads';
import { registerUserRoutes } from './routes/users';
import { registerCrmRoutes } from './routes/crm';
import { registerFrontEnd } from './http/front-end';
import { registerJsonCompression } from './http/compress-json';
import { serverWithCatalogueFastPath } from './http/catalogue-fast-path';

/** Request bodies are small JSON documents; anything larger is refused with 413. */
export const BODY_LIMIT_BYTES = 16 * 1024;

export async function buildApp(ctx: AppContext, log: FastifyBaseLogger): Promise<FastifyInstance> {
  const app = Fastify({
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: fastifyTrustProxy(ctx.config.trustProxy),
    loggerInstance: log,
    routerOptions: { ignoreTrailingSlash: true },
    // Course-list reads are answered from memory before Fastify's pipeline (see the module).
    serverFactory: serverWithCatalogueFastPath(ctx.catalogue),
  });

  app.setErrorHandler(handleError);
  registerCors(app);
  registerSecurityHeaders(app, ctx);
  registerUnstorableTextCheck(app);

  await app.register(
    async (api) => {
      registerJsonCompression(api);
      registerHealthRoutes(api, ctx);
      registerCatalogueRoutes(api, ctx);
      registerSearchRoutes(api, ctx);
      registerLeadRoutes(api, ctx);
      registerUserRoutes(api, ctx);
      registerCrmRoutes(api, ctx);
      api.setNotFoundHandler((request, reply) => {
        reply.status(404).send({ message: `There is no API call ${request.method} ${request.url.split('?')[0]}.` });
      });
    },
    { prefix: '/api' },
  );

  await registerFrontEnd(app, ctx);
  return app;
}
