/** What GET /api/search and the site's /search page accept: the words, a page size and page, and `exact`. */
import { z } from 'zod';
import { SEARCH_MAX_LIMIT, SEARCH_MAX_PAGE } from '../../src/public-limits';

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
