/** GET /api/search?q=&limit=&page=&exact= — keyword search over courses and information pages. */
import type { AppContext } from '../context';
import { publicReads, SEARCH_CACHE_CONTROL } from '../catalogue/public-read';
import { searchAnswerSchema } from '../../src/search-schemas';
import type { ApiInstance } from '../routes/route-schema';
import { siteSearchQuery } from './site-query';

export function registerSearchRoutes(api: ApiInstance, ctx: AppContext): void {
  const reads = publicReads(ctx);
  api.get(
    '/search',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Search courses and information pages (typos, run-together words and synonyms understood)',
        querystring: siteSearchQuery,
        response: { 200: searchAnswerSchema },
      },
    },
    async (request, reply) => {
      const { q, limit, page, exact } = request.query;
      // The same read (and result cache) server rendering uses (catalogue/public-read.ts).
      const answer = await reads.search({ q, limit, page, exact: exact === '1' });
      return reply.header('Cache-Control', SEARCH_CACHE_CONTROL).send(answer);
    },
  );
}
