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
import { registerHealthRoutes } from './routes/health';
import { registerCatalogueRoutes } from './routes/catalogue';
import { registerSearchRoutes } from './routes/search';
import { registerLeadRoutes } from './routes/leads';
import { registerUserRoutes } from './routes/users';
import { registerTwoFactorRoutes } from './routes/two-factor';
import { registerCrmRoutes } from './routes/crm';
import { registerActivityRoutes } from './routes/activities';
import { registerMergeRoutes } from './routes/merge';
import { registerStaffRoutes } from './routes/staff';
import { registerAccountRoutes } from './routes/account';
import { registerAuditRoutes } from './routes/audit';
import { registerEmailTemplateRoutes } from './routes/email-templates';
import { registerLeadEmailRoutes } from './routes/lead-email';
import { registerPrivacyRoutes } from './routes/privacy';
import { registerReplyRoutes } from './routes/replies';
import { registerSequenceRoutes } from './routes/sequences';
import { registerAssignmentRoutes } from './routes/assignment';
import { registerOpenApiRoute } from './routes/openapi';
import { registerCatalogueEditingRoutes } from './routes/catalogue-editing';
import { registerFrontEnd } from './http/front-end';
import { registerConsentRoutes } from './routes/consent';
import { registerEventRoutes } from './routes/events';
import { registerCrmEventRoutes } from './routes/crm-events';
import { registerEventCheckInRoutes } from './events/crm-registrations-routes';
import { registerApplicantRoutes } from './applications/applicant-routes';
import { registerApplicationDocumentRoutes } from './applications/document-routes';
import { registerCrmApplicationRoutes } from './applications/crm-application-routes';
import { registerContractRoutes } from './enrolment/contract-routes';
import { registerMoneyRoutes } from './enrolment/money-routes';
import { registerProgramTermsRoutes } from './enrolment/terms-routes';
import { registerPreferencePages } from './consent/preference-routes';
import { registerMetrics } from './routes/metrics';
import { registerProfessorPhotoMedia } from './routes/professor-photos';
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
  await app.register(
    async (scope) => {
      // Routes validate with their own zod schemas (server/routes/route-schema.ts).
      scope.setValidatorCompiler(firstProblemValidator);
      scope.setSerializerCompiler(jsonSerializer);
      const api = scope.withTypeProvider<ZodTypeProvider>();
      // Every route declares who may call it; that declaration drives its guard and CORS.
      await registerAccess(api, ctx);
      registerJsonCompression(api);
      registerHealthRoutes(api, ctx);
      registerCatalogueRoutes(api, ctx);
      registerSearchRoutes(api, ctx);
      registerLeadRoutes(api, ctx);
      registerUserRoutes(api, ctx);
      registerTwoFactorRoutes(api, ctx);
      registerCrmRoutes(api, ctx);
      registerActivityRoutes(api, ctx);
      registerMergeRoutes(api, ctx);
      registerStaffRoutes(api, ctx);
      registerAccountRoutes(api, ctx);
      registerAuditRoutes(api, ctx);
      registerEmailTemplateRoutes(api, ctx);
      registerLeadEmailRoutes(api, ctx);
      registerPrivacyRoutes(api, ctx);
      registerReplyRoutes(api, ctx);
      registerSequenceRoutes(api, ctx);
      registerAssignmentRoutes(api, ctx);
      registerOpenApiRoute(api, apiRoutes);
      registerCatalogueEditingRoutes(api, ctx);
      registerConsentRoutes(api, ctx);
      registerEventRoutes(api, ctx);
      registerCrmEventRoutes(api, ctx);
      registerEventCheckInRoutes(api, ctx);
      registerApplicantRoutes(api, ctx);
      registerApplicationDocumentRoutes(api, ctx);
      registerCrmApplicationRoutes(api, ctx);
      // Enrolment (issue 34): the contract and its signatures, the ledger and refunds, the programs' contract terms.
      registerContractRoutes(api, ctx);
      registerMoneyRoutes(api, ctx);
      registerProgramTermsRoutes(api, ctx);
      api.setNotFoundHandler((request, reply) => {
        reply.status(404).send({ message: `There is no API call ${request.method} ${request.url.split('?')[0]}.` });
      });
    },
    { prefix: '/api' },
  );

  registerMetrics(app, ctx);
  registerProfessorPhotoMedia(app, ctx);
  registerPreferencePages(app, ctx);
  await registerFrontEnd(app, ctx, fastPaths);
  return app;
}
