/** GET /api/search?q=&limit=&page=&exact= — keyword search over courses and information pages. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import type { SearchAnswer } from '../../src/search-contract';
import { SEARCH_MAX_LIMIT, SEARCH_MAX_PAGE } from '../../src/public-limits';
import { parseInput } from '../http/errors';
import { searchSite } from '../search/search';
import { synonymsFor } from '../search/synonyms';
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
  exact: z
    .enum(['0', '1'], { error: 'exact must be 1 (search the words as typed) or 0.' })
    .optional()
    .meta({ description: '1: search the words exactly as typed, without correcting typos or run-together words.' }),
});

export function registerSearchRoutes(api: FastifyInstance, ctx: AppContext): void {
  const cache = new SearchResultCache<SearchAnswer>();
  api.get('/search', async (request, reply) => {
    const { q, limit, page, exact } = parseInput(siteSearchQuery, request.query);
    const version = ctx.catalogue.version();
    const answer = await cache.get(JSON.stringify([q.toLowerCase(), limit, page, exact === '1']), version, async () => {
      const result = await searchSite(ctx.db.pool, q, {
        limit, offset: (page - 1) * limit, exact: exact === '1',
        synonyms: await synonymsFor(ctx.db.pool, version), coursePath: (id) => ctx.catalogue.courseById(id)?.path,
      });
      return { query: q, corrected: result.corrected, widened: result.widened, results: result.hits };
    });
    return reply.header('Cache-Control', `public, max-age=${SEARCH_CACHE_SECONDS}`).send({ ...answer, query: q });
  });
}
