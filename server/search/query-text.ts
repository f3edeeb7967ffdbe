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

/**
 * One word's alternatives: itself and its joins with each neighbour; the last also as prefixes,
 * those of them in `prefixable` (all when it is left out; see prefix-forms.ts).
 */
function wordClause(words: readonly string[], i: number, prefix: boolean, lean: boolean, prefixable?: ReadonlySet<string>): string {
  const word = words[i] ?? '';
  const before = i > 0 && joins(words[i - 1] ?? '', word) ? `${words[i - 1]}${word}` : null;
  const after = i < words.length - 1 && joins(word, words[i + 1] ?? '') ? `${word}${words[i + 1]}` : null;
  let options = [word, before, after].filter((option): option is string => option !== null);
  const last = words.length - 1;
  if (prefix && words[last] !== undefined && (words[last]?.length ?? 0) >= MIN_PREFIX) {
    const prefixed = i === last ? [word, before] : i === last - 1 ? [after] : [];
    const starred = prefixed.filter((option): option is string => option !== null && (!prefixable || prefixable.has(option)));
    // For matching, "word:*" covers "word": every row is tested against the query, so it stays short.
    if (lean) options = options.filter((option) => !starred.includes(option));
    if (i === last || lean) options.push(...starred.map((option) => `${option}:*`));
  }
  return options.length === 1 ? (options[0] ?? '') : `(${options.join(' | ')})`;
}

/**
 * Every word (or its join) must match; `any` lets any one of them do. `lean`: the form for
 * matching, without terms a prefix already covers; without it, the form ts_rank scores, where the
 * exact word beside its prefix ranks "java" above "javascript" and a join counts for both words.
 */
export function wordsQuery(
  words: readonly string[],
  options: { prefix: boolean; any: boolean; lean?: boolean; prefixable?: ReadonlySet<string> },
): string {
  return words
    .map((_, i) => wordClause(words, i, options.prefix, options.lean ?? false, options.prefixable))
    .join(options.any ? ' | ' : ' & ');
}

/** The forms that may carry a prefix match: the last word, and its join with the word before. */
export function prefixCandidates(words: readonly string[]): string[] {
  const last = words[words.length - 1];
  const before = words[words.length - 2];
  if (last === undefined) return [];
  return before !== undefined && joins(before, last) ? [last, `${before}${last}`] : [last];
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
  'course',
  'courses',
  'class',
  'classes',
  'program',
  'programs',
  'programme',
  'programmes',
  'diploma',
  'diplomas',
  'training',
  'certificate',
  'certificates',
  'certification',
  'certifications',
  'cert',
  'certs',
  'college',
  'school',
  'toronto',
  'ontario',
  'canada',
  'online',
  'learn',
  'learning',
  'study',
  'studies',
  'near',
  'best',
  'become',
  'job',
  'jobs',
  'career',
  'careers',
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
export function buildQuery(
  words: readonly string[],
  variants: readonly (readonly string[])[],
  any: boolean,
  prefixable?: ReadonlySet<string>,
): QueryForms {
  const core = requiredWords(words);
  const prefix = core[core.length - 1] === words[words.length - 1];
  const query = (lean: boolean) => {
    const alternatives = [
      wordsQuery(core, { prefix, any, lean, ...(prefixable ? { prefixable } : {}) }),
      ...variants.map((variant) => wordsQuery(requiredWords(variant), { prefix: false, any, lean })),
    ];
    return alternatives.length === 1 ? (alternatives[0] ?? '') : alternatives.map((a) => `(${a})`).join(' | ');
  };
  const match = query(true);
  const optional = words.filter((word) => !core.includes(word));
  const rank = [query(false).replaceAll(' & ', ' | '), ...optional].join(' | ');
  // Two words typed apart light up the text's compound ("cyber security": "Cybersecurity"); the
  // other way round is mark-forms.ts's.
  const joined = [words, ...variants].flatMap((list) =>
    list.slice(1).flatMap((word, i) => (joins(list[i] ?? '', word) ? [`${list[i]}${word}`] : [])),
  );
  const plain = [...new Set([...words, ...variants.flat(), ...joined])];
  const last = words[words.length - 1];
  const starred = prefix && last && last.length >= MIN_PREFIX && (!prefixable || prefixable.has(last));
  const highlight = [...plain, ...(starred ? [`${last}:*`] : [])].join(' | ');
  return { match, rank, highlight };
}
