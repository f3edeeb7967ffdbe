/**
 * GET /api/openapi.json: the API's OpenAPI 3.1 description (server/openapi), public, serialised
 * once and sent like the catalogue's answers: ETag, brief public caching, brotli or gzip.
 */
import type { FastifyInstance } from 'fastify';
import { jsonAnswer, type JsonAnswer } from '../catalogue/json-answer';
import { openApiDocument } from '../openapi/document';
import { sendJsonAnswer } from './catalogue';

export function registerOpenApiRoute(api: FastifyInstance): void {
  let answer: JsonAnswer | null = null;
  api.get('/openapi.json', async (request, reply) => {
    answer ??= jsonAnswer(openApiDocument());
    return sendJsonAnswer(request, reply, answer);
  });
}
