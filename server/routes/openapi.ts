/**
 * GET /api/openapi.json: the API's OpenAPI 3.1 description, built from the routes as registered
 * (server/openapi/route-collector.ts), public, serialised once and sent like the catalogue's
 * answers: ETag, brief public caching, brotli or gzip.
 */
import { jsonAnswer, sendJsonAnswer, type JsonAnswer } from '../catalogue';
import { buildOpenApiDocument } from '../openapi/document';
import { openApiDocumentAnswer } from '../openapi/answers-public';
import type { ApiRouteCollector } from '../openapi/route-collector';
import type { ApiInstance } from './route-schema';

export function registerOpenApiRoute(api: ApiInstance, routes: ApiRouteCollector): void {
  let answer: JsonAnswer | null = null;
  api.get(
    '/openapi.json',
    {
      config: { access: 'public' },
      schema: { summary: 'This description of the API (OpenAPI 3.1)', fromMemory: true, response: { 200: openApiDocumentAnswer } },
    },
    async (request, reply) => {
      // Built on first request, when every route is registered; the routes cannot change while the process runs.
      answer ??= jsonAnswer(buildOpenApiDocument(routes.operations()));
      return sendJsonAnswer(request, reply, answer);
    },
  );
}
