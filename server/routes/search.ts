/** GET /api/search?q=&limit= — keyword search over courses and information pages. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import type { SearchAnswer } from '../../src/contract';
import { parseInput } from '../http/errors';
import { searchSite } from '../search/search';

export const MAX_QUERY_LENGTH = 200;

export const siteSearchQuery = z.object({
  q: z
    .string({ error: 'Type something to search for.' })
    .trim()
    .min(1, 'Type something to search for.')
    .max(MAX_QUERY_LENGTH, `The search text is too long: use at most ${MAX_QUERY_LENGTH} characters.`),
  limit: z.coerce
    .number({ error: 'limit must be a whole number from 1 to 50.' })
    .int('limit must be a whole number from 1 to 50.')
    .min(1, 'limit must be a whole number from 1 to 50.')
    .max(50, 'limit must be a whole number from 1 to 50.')
    .default(10),
});

export function registerSearchRoutes(api: FastifyInstance, ctx: AppContext): void {
  api.get('/search', async (request, reply) => {
    const { q, limit } = parseInput(siteSearchQuery, request.query);
    const result = await searchSite(ctx.db.pool, q, limit, (id) => ctx.catalogue.courseById(id)?.path);
    const answer: SearchAnswer = { query: q, corrected: result.corrected, results: result.hits };
    return reply.header('Cache-Control', 'public, max-age=60').send(answer);
  });
}
