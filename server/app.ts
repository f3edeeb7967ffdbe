/** Builds the Fastify application: API routes under /api, then the site and widget. */
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { AppContext } from './context';
import { handleError } from './http/errors';
import { clientErrorHandler } from './http/client-errors';
import { registerSecurityHeaders } from './http/security-headers';
import { registerAccess } from './http/access';
import { RequestLogByKind } from './http/request-log';
import { registerUnstorableTextCheck } from './http/unstorable-text';
import { fastifyTrustProxy } from './http/trusted-proxies';
import { registerFrontEnd } from './http/front-end';
import type { Feature } from './features/feature';
import * as core from './features/core';
import { catalogueFeature } from './catalogue/feature';
import { searchFeature } from './search/feature';
import { leadsFeature } from './leads/feature';
import { crmFeature } from './crm/feature';
import { mergeFeature } from './merge/feature';
import { privacyFeature } from './privacy/feature';
import { openApiFeature } from './openapi/feature';
import { catalogueEditingFeature } from './catalogue-edit/feature';
import { signInFeature } from './auth/feature';
import { staffFeature } from './staff/feature';
import { outreachFeature } from './outreach/feature';
import { repliesFeature } from './replies/feature';
import { sequencesFeature } from './sequences/feature';
import { assignmentFeature } from './assignment/feature';
import { consentFeature } from './consent/feature';
import { eventsFeature } from './events/feature';
import { applicationsFeature } from './applications/feature';
import { enrolmentFeature } from './enrolment/feature';
import { registerJsonCompression } from './http/compress-json';
import { catalogueFastPath } from './http/catalogue-fast-path';
import { serverWithFastPaths, type FastPath } from './http/fast-paths';
import { ApiRouteCollector } from './openapi/route-collector';
import { firstProblemValidator, jsonSerializer, type ZodTypeProvider } from './routes/route-schema';

/** Request bodies are small JSON documents; anything larger is refused with 413. */
export const BODY_LIMIT_BYTES = 16 * 1024;

export async function buildApp(ctx: AppContext, log: FastifyBaseLogger): Promise<FastifyInstance> {
  // Reads held in memory are answered before Fastify's pipeline (server/http/fast-paths.ts).
  const fastPaths: FastPath[] = [catalogueFastPath(ctx.catalogue)];
  const app = Fastify({
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: fastifyTrustProxy(ctx.config.trustProxy),
    loggerInstance: log,
    // One line per request, by kind (server/http/request-log.ts).
    logController: new RequestLogByKind(),
    routerOptions: { ignoreTrailingSlash: true },
    serverFactory: serverWithFastPaths(fastPaths, () => ctx.metrics.fastPathAnswers.inc()),
    // Broken framing is answered 400 and logged once at info (server/http/client-errors.ts).
    clientErrorHandler,
  });

  app.setErrorHandler(handleError);
  registerSecurityHeaders(app, ctx);
  registerUnstorableTextCheck(app);

  const apiRoutes = new ApiRouteCollector(app);
  /**
   * Every feature, in registration order: the OpenAPI document lists operations in this order, and
   * routes outside /api (metrics, photos, preference pages) are registered in it too.
   */
  const features: Feature[] = [
    core.metrics,
    core.health,
    catalogueFeature,
    searchFeature,
    leadsFeature,
    signInFeature,
    crmFeature,
    mergeFeature,
    staffFeature,
    outreachFeature,
    privacyFeature,
    repliesFeature,
    sequencesFeature,
    assignmentFeature,
    openApiFeature(apiRoutes),
    catalogueEditingFeature,
    consentFeature,
    eventsFeature,
    applicationsFeature,
    enrolmentFeature,
  ];
  await app.register(
    async (scope) => {
      // Routes validate with their own zod schemas (server/routes/route-schema.ts).
      scope.setValidatorCompiler(firstProblemValidator);
      scope.setSerializerCompiler(jsonSerializer);
      const api = scope.withTypeProvider<ZodTypeProvider>();
      // Every route declares who may call it; that declaration drives its guard and CORS.
      await registerAccess(api, ctx);
      registerJsonCompression(api);
      for (const feature of features) feature.routes?.(api, ctx);
      api.setNotFoundHandler((request, reply) => {
        reply.status(404).send({ message: `There is no API call ${request.method} ${request.url.split('?')[0]}.` });
      });
    },
    { prefix: '/api' },
  );

  for (const feature of features) feature.rootRoutes?.(app, ctx);
  await registerFrontEnd(app, ctx, fastPaths);
  return app;
}
