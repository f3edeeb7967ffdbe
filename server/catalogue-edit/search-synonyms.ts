/**
 * Search synonyms as catalogue items (table search_synonyms, migration 012): validation with a
 * message per field, and the versioned, logged store. A term is unique (whatever its case), so a
 * second row for the same words answers 400 on the term field instead of a database error.
 */
import { z } from 'zod';
import type { CatalogueSearchSynonym } from '../../src/crm-catalogue-contract';
import { ItemStore } from './item-store';
import { text } from './fields';
import { withVersion } from './schemas';

const WORDS = /[\p{L}\p{N}]/u;
export const TERM_WORDS_MESSAGE = 'The term needs at least one letter or digit.';
export const MEANS_WORDS_MESSAGE = 'Each meaning (separated by commas) needs at least one letter or digit.';
export const SAME_MESSAGE = 'A synonym must mean something other than its own term.';
export const DUPLICATE_TERM_MESSAGE = 'There is already a synonym for this term: edit that one instead.';

export const searchSynonymInputSchema = z
  .object(
    {
      term: text('term', 60).refine((value) => WORDS.test(value), { error: TERM_WORDS_MESSAGE }),
      means: text('meaning', 200).refine((value) => value.split(',').every((part) => WORDS.test(part)), { error: MEANS_WORDS_MESSAGE }),
    },
    { error: 'Send the synonym as a JSON object.' },
  )
  .superRefine((value, context) => {
    const same = value.means.split(',').some((part) => part.trim().toLowerCase() === value.term.trim().toLowerCase());
    if (same) context.addIssue({ code: 'custom', path: ['means'], message: SAME_MESSAGE });
  });
export type SearchSynonymInput = z.output<typeof searchSynonymInputSchema>;
export const searchSynonymSaveSchema = withVersion(searchSynonymInputSchema);

export const searchSynonyms = new ItemStore<SearchSynonymInput, CatalogueSearchSynonym & Record<string, unknown>>({
  kind: 'search_synonym',
  table: 'search_synonyms',
  select: 't.id AS "_id", t.term, t.means, t.version',
  order: 'lower(t.term), t.id',
  columns: ['term', 'means'],
  notFound: 'There is no search synonym with this id.',
  conflict: 'Someone else saved this synonym while you were editing it. Their version is shown; reapply your change and save again.',
});
