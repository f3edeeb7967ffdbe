/** GET /api/search?q=&limit=&page=&exact= — keyword search over courses and information pages. */
import { z } from 'zod';
import type { AppContext } from '../context';
import { SEARCH_MAX_LIMIT, SEARCH_MAX_PAGE } from '../../src/public-limits';
import { publicReads, SEARCH_CACHE_CONTROL } from '../catalogue/public-read';
import { searchAnswer } from '../openapi/answers-public';
import type { ApiInstance } from './route-schema';

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

export function registerSearchRoutes(api: ApiInstance, ctx: AppContext): void {
  const reads = publicReads(ctx);
  api.get(
    '/search',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Search courses and information pages (typos, run-together words and synonyms understood)',
        querystring: siteSearchQuery,
        response: { 200: searchAnswer },
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
