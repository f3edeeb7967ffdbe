/** GET /api/search?q=&limit=&page= — keyword search over courses and information pages. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import type { SearchAnswer } from '../../src/contract';
import { SEARCH_MAX_LIMIT, SEARCH_MAX_PAGE } from '../../src/public-limits';
import { parseInput } from '../http/errors';
import { searchSite } from '../search/search';
import { SEARCH_CACHE_SECONDS, SearchResultCache } from '../search/result-cache';

export const MAX_QUERY_LENGTH = 200;

const wholeNumber = (name: string, max: number) => {
  const message = `${name} must be a whole number from 1 to ${max}.`;
  return z.coerce.number({ error: message }).int(message).min(1, message).max(max, message);
};

export const siteSearchQuery = z.object({
  q: z
    .string({ error: 'Type something to search for.' })
    .trim()
    .min(1, 'Type something to search for.')
    .max(MAX_QUERY_LENGTH, `The search text is too long: use at most ${MAX_QUERY_LENGTH} characters.`),
  limit: wholeNumber('limit', SEARCH_MAX_LIMIT).default(10),
  page: wholeNumber('page', SEARCH_MAX_PAGE).default(1),
});

export function registerSearchRoutes(api: FastifyInstance, ctx: AppContext): void {
  const cache = new SearchResultCache<SearchAnswer>();
  api.get('/search', async (request, reply) => {
    const { q, limit, page } = parseInput(siteSearchQuery, request.query);
    const answer = await cache.get(JSON.stringify([q.toLowerCase(), limit, page]), ctx.catalogue.version(), async () => {
      const result = await searchSite(ctx.db.pool, q, limit, (id) => ctx.catalogue.courseById(id)?.path, (page - 1) * limit);
      return { query: q, corrected: result.corrected, results: result.hits };
    });
    return reply.header('Cache-Control', `public, max-age=${SEARCH_CACHE_SECONDS}`).send({ ...answer, query: q });
  });
}
