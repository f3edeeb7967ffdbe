/**
 * Snippets of whole sentences. PostgreSQL highlights the whole (HTML-escaped) text; here the
 * sentence with the most highlighted words is chosen, with its neighbours while they fit, so a
 * snippet begins and ends where a sentence does ("CySA+ is the next step after Security+ for…",
 * never "CySA+ is the next"). A single sentence longer than the limit is cut at a word boundary.
 */
export const SNIPPET_MAX_CHARS = 240;

const SENTENCE_END = /(?<=[.!?…])\s+(?=\S)/u;
const marksIn = (sentence: string) => sentence.split('<mark>').length - 1;
const visibleLength = (html: string) => html.replace(/<\/?mark>/g, '').replace(/&[a-z#0-9]+;/g, '_').length;

/** Cuts at the last space before the limit, keeping <mark> tags balanced. */
function cutAtWord(html: string, max: number): string {
  let cut = html;
  while (visibleLength(cut) > max) {
    const space = cut.lastIndexOf(' ');
    if (space <= 0) break;
    cut = cut.slice(0, space);
  }
  cut = cut.replace(/[\s,;:(–-]+$/u, '');
  if (cut.lastIndexOf('<mark>') > cut.lastIndexOf('</mark>')) cut += '</mark>';
  return cut === html ? cut : `${cut} …`;
}

export function sentenceSnippet(highlighted: string, max = SNIPPET_MAX_CHARS): string {
  const sentences = highlighted
    .trim()
    .split(SENTENCE_END)
    .filter((s) => s.length > 0);
  if (sentences.length === 0) return '';
  let best = 0;
  sentences.forEach((sentence, i) => {
    if (marksIn(sentence) > marksIn(sentences[best] ?? '')) best = i;
  });
  let first = best;
  let last = best;
  let length = visibleLength(sentences[best] ?? '');
  // Grow forwards first (the sentences after a match explain it), then backwards.
  while (last + 1 < sentences.length && length + 1 + visibleLength(sentences[last + 1] ?? '') <= max)
    length += 1 + visibleLength(sentences[++last] ?? '');
  while (first > 0 && length + 1 + visibleLength(sentences[first - 1] ?? '') <= max) length += 1 + visibleLength(sentences[--first] ?? '');
  const chosen = sentences.slice(first, last + 1).join(' ');
  return length > max ? cutAtWord(chosen, max) : chosen;
}
