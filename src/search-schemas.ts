/**
 * The answer of the keyword search (GET /api/search?q=), written once as a zod schema: the wire
 * types of src/search-contract.ts are inferred from it, and server/search/answers-named.ts names it
 * for the route and the API description. Browser code imports only the types.
 */
import { z } from 'zod';

export const searchHitKindSchema = z.enum(['course', 'page']);

export const searchHitSchema = z.object({
  kind: searchHitKindSchema,
  title: z.string(),
  path: z.string(),
  /** Text with matches wrapped in <mark>…</mark>; everything else HTML-escaped. */
  snippet: z.string(),
  rank: z.number(),
});

export const searchAnswerSchema = z.object({
  query: z.string(),
  /**
   * When the words as typed found nothing and were corrected (typos, run-together words), the words
   * actually searched (e.g. `security` for `securty`, `web developer` for `webdeveloper`); else null.
   * `exact=1` turns correction off.
   */
  corrected: z.string().nullable().meta({
    description:
      'The words searched when the words as typed found nothing and were corrected (typos, run-together words); null otherwise. Ask again with exact=1 to search the words as typed.',
  }),
  /** True when no result has every word, so results with any of the words are shown. */
  widened: z.boolean().meta({ description: 'True when no result has every word, so results with any of the words are shown.' }),
  results: z.array(searchHitSchema),
});

export type SearchHitKind = z.infer<typeof searchHitKindSchema>;
export type SearchHit = z.infer<typeof searchHitSchema>;
export type SearchAnswer = z.infer<typeof searchAnswerSchema>;
