/**
 * Highlights PostgreSQL's ts_headline cannot give, for forms the index matches (migration 012
 * normalises and joins the indexed text, not the text shown):
 * - "a+" or "c#": the index reads "A+" as "a plus", but the highlighter sees only "A", a stop word;
 * - a run-together word typed, its parts side by side in the text: "webdeveloper" in "Web
 *   Developer", "az900" in "AZ-900". (Each part alone is not the word: "security" is no match for
 *   "cybersecurity", so the parts are marked only together.)
 * Applied to the highlighted, HTML-escaped text; text already marked is left as it is.
 */
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const SYMBOLS: Readonly<Record<string, string>> = { plus: '\\+', sharp: '#' };
/** Run-together words from this long are looked for apart; each part at least two characters. */
const MIN_JOINED = 4;
const MIN_PART = 2;

function symbolPatterns(words: readonly string[]): string[] {
  return words.flatMap((word, i) => {
    const symbol = SYMBOLS[words[i + 1] ?? ''];
    return symbol && word !== '' ? [`${escapeRegExp(word)}${symbol}`] : [];
  });
}

/** "az900" → "az[ -]+900", "a[ -]+z900", …: the word split once, at any point. */
function splitPatterns(words: readonly string[]): string[] {
  return words
    .filter((word) => word.length >= MIN_JOINED)
    .flatMap((word) =>
      Array.from({ length: word.length - 2 * MIN_PART + 1 }, (_, i) => i + MIN_PART).map(
        (at) => `${escapeRegExp(word.slice(0, at))}[\\s-]+${escapeRegExp(word.slice(at))}`,
      ),
    );
}

/** A function marking those forms of the typed words in a highlighted text (built once per search). */
export function typedFormsMarker(words: readonly string[]): (html: string) => string {
  const patterns = [...symbolPatterns(words), ...splitPatterns(words)];
  if (patterns.length === 0) return (html) => html;
  // From a word's start; an ending may follow ("Web Developers").
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(?:${patterns.join('|')})[\\p{L}\\p{N}]*`, 'giu');
  return (html) => html.replace(pattern, '<mark>$&</mark>');
}
