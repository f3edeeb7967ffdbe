/**
 * Snippets of whole sentences. PostgreSQL highlights the whole (HTML-escaped) text; here the
 * sentence with the most highlighted words is chosen, with its neighbours while they fit, so a
 * snippet begins and ends where a sentence does ("CySA+ is the next step after Security+ for…",
 * never "CySA+ is the next"). A single sentence longer than the limit is cut at a word boundary. A
 * line that is no sentence (a page's heading, a course's outline item) is shown alone, never run
 * into the sentence beside it.
 */
export const SNIPPET_MAX_CHARS = 240;

const SENTENCE_END = /(?<=[.!?…])\s+(?=\S)/u;
/**
 * How well a piece shows the match: each word typed that a highlight shows (itself or a form of it:
 * "network" for "networks", "Cybersecurity" for "cyber security") counts far more than another
 * highlighted word (a synonym's), so "aws" shows "Azure and AWS" rather than the outline's "Amazon
 * Web Services core services"; then the number of highlights.
 */
function marksIn(html: string, typed: readonly string[]): number {
  // A compound marked apart ("Cyber security") counts as the word typed run together.
  const marked = [...html.matchAll(/<mark>(.*?)<\/mark>/g)].map((match) => (match[1] ?? '').toLowerCase().replace(/[\s-]+/g, ''));
  const shows = (word: string, t: string) =>
    word === t || (Math.min(word.length, t.length) >= 3 && (word.includes(t) || t.startsWith(word)));
  return typed.filter((t) => marked.some((word) => shows(word, t))).length * 100 + marked.length;
}

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

/** A piece of the text: a sentence, or a line that is no sentence (a heading, an outline item, a label). */
interface Piece {
  html: string;
  sentence: boolean;
}

const SENTENCE_DONE = /[.!?…]["”’)]*$/u;

/** Lines first (a line break ends a heading or a list item even without a full stop), then sentences. */
function pieces(highlighted: string): Piece[] {
  return highlighted
    .split(/\s*\n\s*/u)
    .flatMap((line) => line.trim().split(SENTENCE_END))
    .filter((html) => html.length > 0)
    .map((html) => ({ html, sentence: SENTENCE_DONE.test(html.replace(/<\/?mark>/g, '')) }));
}

/** `typed`: the words searched, lower case (see marksIn). */
export function sentenceSnippet(highlighted: string, typed: readonly string[] = [], max = SNIPPET_MAX_CHARS): string {
  const all = pieces(highlighted);
  if (all.length === 0) return '';
  const scores = all.map((piece) => (piece.html.includes('<mark>') ? marksIn(piece.html, typed) : 0));
  const best = scores.indexOf(Math.max(...scores));
  let first = best;
  let last = best;
  let length = visibleLength(all[best]?.html ?? '');
  // Only sentences join their neighbours: a heading run into the sentence after it read as one
  // ("Cybersecurity Security courses are led by…"), and outline items are no prose.
  const joinable = (i: number) => all[best]?.sentence === true && all[i]?.sentence === true;
  // Grow forwards first (the sentences after a match explain it), then backwards.
  while (last + 1 < all.length && joinable(last + 1) && length + 1 + visibleLength(all[last + 1]?.html ?? '') <= max)
    length += 1 + visibleLength(all[++last]?.html ?? '');
  while (first > 0 && joinable(first - 1) && length + 1 + visibleLength(all[first - 1]?.html ?? '') <= max)
    length += 1 + visibleLength(all[--first]?.html ?? '');
  const chosen = all
    .slice(first, last + 1)
    .map((piece) => piece.html)
    .join(' ');
  return length > max ? cutAtWord(chosen, max) : chosen;
}
