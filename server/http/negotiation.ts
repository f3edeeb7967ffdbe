/**
 * The two request headers every precompressed answer is negotiated on (RFC 9110 R-product2.5.3 and
 * R-product3.1.2), read the same way for built files, catalogue JSON and rendered pages:
 * - Accept-Encoding with q-values: `br;q=0` refuses brotli, `*` stands for codings not named,
 *   `identity;q=0` is noted but the plain bytes are still sent when nothing else is acceptable
 *   (a body the client can always read beats a 406 no browser ever needs);
 * - If-None-Match: a list of tags or `*`, weak tags (`W/"…"`) compared weakly, as the RFC says.
 */

export type ContentCoding = 'br' | 'gzip';

/** The codings we can send, in our order of preference when the client weighs them equally. */
const CODINGS: readonly ContentCoding[] = ['br', 'gzip'];

const NONE: readonly ContentCoding[] = [];

/** A client sends the same few Accept-Encoding values again and again: each is parsed once. */
const parsedAccepts = new Map<string, readonly ContentCoding[]>();
const MAX_PARSED = 64;

/** The codings the client accepts, best first (identity, the fallback, is never listed). */
export function acceptedCodings(header: string | string[] | undefined): readonly ContentCoding[] {
  if (header === undefined) return NONE;
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  let codings = parsedAccepts.get(value);
  if (!codings) {
    codings = parseAcceptEncoding(value);
    if (parsedAccepts.size >= MAX_PARSED) parsedAccepts.clear();
    parsedAccepts.set(value, codings);
  }
  return codings;
}

function parseAcceptEncoding(value: string): readonly ContentCoding[] {
  const weights = new Map<string, number>();
  for (const part of value.split(',')) {
    const [name = '', ...params] = part.split(';');
    const coding = name.trim().toLowerCase();
    if (!coding) continue;
    const q = params.map((param) => /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/i.exec(param)?.[1]).find((found) => found !== undefined);
    weights.set(coding, q === undefined ? 1 : Number(q));
  }
  const star = weights.get('*') ?? 0;
  const weightOf = (coding: ContentCoding) => weights.get(coding) ?? star;
  return CODINGS.filter((coding) => weightOf(coding) > 0).sort((a, b) => weightOf(b) - weightOf(a));
}

/** The opaque part of an entity tag (without `W/`), or null for `*`. */
function opaqueTags(header: string): (string | null)[] {
  return header.split(',').map((tag) => {
    const value = tag.trim();
    if (value === '*') return null;
    return value.startsWith('W/') ? value.slice(2) : value;
  });
}

/**
 * Whether If-None-Match names the representation: `*`, or one of `etags` (the tags of its
 * variants, see representation.ts), weakly compared.
 */
export function noneMatchHits(header: string | undefined, etags: readonly string[]): boolean {
  if (!header) return false;
  return opaqueTags(header).some((tag) => tag === null || etags.includes(tag));
}
