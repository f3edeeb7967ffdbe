/**
 * What a search query becomes before it reaches PostgreSQL: the words, normalised exactly as
 * migration 012 normalises the indexed text ("Security+" → "security plus", "AZ-900" → "az 900"),
 * and a to_tsquery expression in which each word may also match joined to its neighbour
 * ("cyber security" ↔ "cybersecurity", "pen test" ↔ "pentest"), the last word also as a prefix
 * (someone still typing "networ"), and synonyms as whole alternatives. Every token is letters and
 * digits only, so nothing the visitor types can become tsquery syntax.
 */
import { PAIRLESS_WORDS } from '../db/migrations/012-search-matching';

/** Words beyond this are ignored: a query is a few words, and each one adds to the tsquery. */
export const MAX_QUERY_WORDS = 10;
/** A shorter last word ("az", "c") would match far too many words as a prefix. */
const MIN_PREFIX = 3;
const PAIRLESS = new Set(PAIRLESS_WORDS);
const JOINS_ANYWAY = new Set(['plus', 'sharp']);

export function queryWords(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/([\p{L}\p{N}])\+/gu, '$1 plus ')
    .replace(/(\p{L})#/gu, '$1 sharp ')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0)
    .slice(0, MAX_QUERY_WORDS);
}

/** Whether the index holds these two neighbours joined as one word (migration 012's rule). */
export const joins = (left: string, right: string): boolean => JOINS_ANYWAY.has(right) || !(PAIRLESS.has(left) || PAIRLESS.has(right));

/** One word's alternatives: itself and its joins with each neighbour; the last also as prefixes. */
function wordClause(words: readonly string[], i: number, prefix: boolean): string {
  const word = words[i] ?? '';
  const before = i > 0 && joins(words[i - 1] ?? '', word) ? `${words[i - 1]}${word}` : null;
  const after = i < words.length - 1 && joins(word, words[i + 1] ?? '') ? `${word}${words[i + 1]}` : null;
  const options = [word, before, after].filter((option): option is string => option !== null);
  if (prefix && i === words.length - 1 && word.length >= MIN_PREFIX) options.push(...[word, before].filter((option): option is string => option !== null).map((o) => `${o}:*`));
  return options.length === 1 ? options[0] ?? '' : `(${options.join(' | ')})`;
}

/** Every word (or its join) must match; `any` lets any one of them do. */
export function wordsQuery(words: readonly string[], options: { prefix: boolean; any: boolean }): string {
  return words.map((_, i) => wordClause(words, i, options.prefix)).join(options.any ? ' | ' : ' & ');
}

export interface QueryForms {
  /** The to_tsquery('english', …) input that selects and ranks. */
  match: string;
  /** The same terms with every AND an OR: what ts_rank scores (see search.ts). */
  rank: string;
  /** A plainer query for highlighting in snippets: any of the words, the last as a prefix. */
  highlight: string;
}

/**
 * Words that say what kind of thing is wanted rather than what about ("cyber security courses in
 * Toronto"). They rank (a "diploma" search lifts diplomas) but are not required: few documents say
 * "course", and requiring it would hide the program the student means. A query of only such words
 * requires them.
 */
export const GENERIC_WORDS = new Set([
  'course', 'courses', 'class', 'classes', 'program', 'programs', 'programme', 'programmes', 'diploma', 'diplomas', 'training',
  'certificate', 'certificates', 'certification', 'certifications', 'cert', 'certs', 'college', 'school', 'toronto', 'ontario',
  'canada', 'online', 'learn', 'learning', 'study', 'studies', 'near', 'best', 'become', 'job', 'jobs', 'career', 'careers',
]);

/** The words a match requires: all but the generic ones, unless that leaves none. */
export function requiredWords(words: readonly string[]): string[] {
  const core = words.filter((word) => !GENERIC_WORDS.has(word));
  // "it courses": "it" is a stop word, so it cannot be all that is required.
  return core.some((word) => !PAIRLESS.has(word)) ? core : [...words];
}

/**
 * The query for the words and their synonym variants (each a full alternative word list). Only
 * the words as typed get the prefix match (a synonym is a complete word), and only when the last
 * word typed is one the match requires.
 */
export function buildQuery(words: readonly string[], variants: readonly (readonly string[])[], any: boolean): QueryForms {
  const core = requiredWords(words);
  const prefix = core[core.length - 1] === words[words.length - 1];
  const alternatives = [wordsQuery(core, { prefix, any }), ...variants.map((variant) => wordsQuery(requiredWords(variant), { prefix: false, any }))];
  const match = alternatives.length === 1 ? (alternatives[0] ?? '') : alternatives.map((a) => `(${a})`).join(' | ');
  const optional = words.filter((word) => !core.includes(word));
  const rank = [match.replaceAll(' & ', ' | '), ...optional].join(' | ');
  // A run-together word also highlights its parts where the text has them apart ("cyber security").
  const parts = words.flatMap((word) => (word.length >= 6 ? Array.from({ length: word.length - 5 }, (_, i) => [word.slice(0, i + 3), word.slice(i + 3)]).flat() : []));
  const plain = [...new Set([...words, ...variants.flat(), ...parts])];
  const last = words[words.length - 1];
  const highlight = [...plain, ...(prefix && last && last.length >= MIN_PREFIX ? [`${last}:*`] : [])].join(' | ');
  return { match, rank, highlight };
}
