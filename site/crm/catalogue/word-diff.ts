/**
 * A word-level difference between two texts, for the change history: runs of kept, removed and
 * added words (whitespace travels with the word before it). Common start and end are trimmed
 * first; the middle is compared word by word (longest common subsequence) unless it is too large,
 * where it is shown as one removal and one addition. Long kept runs are shortened to their edges.
 */
export interface DiffPart {
  kind: 'same' | 'del' | 'ins';
  text: string;
}

/** Above this many cells the word table is not built (a 2,000 × 2,000-word middle). */
const MAX_CELLS = 4_000_000;

const wordsOf = (text: string) => text.match(/\S+\s*|\s+/g) ?? [];

function push(parts: DiffPart[], kind: DiffPart['kind'], text: string): void {
  if (!text) return;
  const last = parts[parts.length - 1];
  if (last && last.kind === kind) last.text += text;
  else parts.push({ kind, text });
}

function middleDiff(a: string[], b: string[], parts: DiffPart[]): void {
  if (a.length * b.length > MAX_CELLS) {
    push(parts, 'del', a.join(''));
    push(parts, 'ins', b.join(''));
    return;
  }
  // lengths[i][j]: longest common run of a[i..] and b[j..], in one flat array.
  const width = b.length + 1;
  const lengths = new Uint32Array((a.length + 1) * width);
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lengths[i * width + j] =
        a[i]?.trim() === b[j]?.trim()
          ? (lengths[(i + 1) * width + j + 1] ?? 0) + 1
          : Math.max(lengths[(i + 1) * width + j] ?? 0, lengths[i * width + j + 1] ?? 0);
    }
  }
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i]?.trim() === b[j]?.trim()) {
      push(parts, 'same', b[j] ?? '');
      i++;
      j++;
    } else if ((lengths[(i + 1) * width + j] ?? 0) >= (lengths[i * width + j + 1] ?? 0)) push(parts, 'del', a[i++] ?? '');
    else push(parts, 'ins', b[j++] ?? '');
  }
  while (i < a.length) push(parts, 'del', a[i++] ?? '');
  while (j < b.length) push(parts, 'ins', b[j++] ?? '');
}

export function wordDiff(before: string, after: string): DiffPart[] {
  const a = wordsOf(before);
  const b = wordsOf(after);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let end = 0;
  while (end < a.length - start && end < b.length - start && a[a.length - 1 - end] === b[b.length - 1 - end]) end++;
  const parts: DiffPart[] = [];
  push(parts, 'same', a.slice(0, start).join(''));
  middleDiff(a.slice(start, a.length - end), b.slice(start, b.length - end), parts);
  push(parts, 'same', a.slice(a.length - end).join(''));
  return parts;
}

/** Kept runs longer than `keep` words on each side of a change are cut to their edges with "…". */
export function shortenSame(parts: DiffPart[], keep = 8): DiffPart[] {
  return parts.map((part, index) => {
    if (part.kind !== 'same') return part;
    const words = wordsOf(part.text);
    const first = index === 0;
    const last = index === parts.length - 1;
    if (words.length <= (first || last ? keep : keep * 2) + 1) return part;
    if (first) return { kind: 'same', text: `… ${words.slice(-keep).join('')}` };
    if (last) return { kind: 'same', text: `${words.slice(0, keep).join('').trimEnd()}…` };
    return { kind: 'same', text: `${words.slice(0, keep).join('').trimEnd()}… ${words.slice(-keep).join('')}` };
  });
}
