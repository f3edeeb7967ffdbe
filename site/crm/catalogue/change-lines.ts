/**
 * The change log's raw [before, after] JSON values as lines a person reads (issue 19): each field
 * by its label; money as $20,400; rates as 82 %; lookups by their titles; structured fields
 * (fees, admission, outcomes, KPI) field by field; lists as what was added and removed; long texts
 * as a word-level difference. Never raw JSON.
 */
import type { CatalogueItemKind } from '../../../src/crm-catalogue-contract';
import { COURSE_TYPES, DELIVERY_MODES, DURATION_UNITS, lookupTitle, STATUSES, type Lookup } from '../../../src/lookups';
import { formatDateTime } from '../area/labels';
import { COURSE_LABELS } from './course-labels';
import { shortenSame, wordDiff, type DiffPart } from './word-diff';

export type ChangeLine =
  | { key: string; label: string; kind: 'value'; before: string; after: string }
  | { key: string; label: string; kind: 'text'; parts: DiffPart[] }
  | { key: string; label: string; kind: 'list'; removed: string[]; added: string[] };

/** Ids the page can name (categories, courses): id → name. */
export type Names = Readonly<Record<string, string>>;

export const EMPTY_VALUE = '(empty)';
/** A text longer than this, or with a line break, is shown as a word difference. */
const SHORT_TEXT = 80;

const MONEY = new Set(['fees.domestic_tuition', 'fees.international_tuition', 'fees.books_materials', 'fees.exam_vouchers']);
const LOOKUPS: Record<string, readonly Lookup[]> = {
  course_type: COURSE_TYPES,
  status: STATUSES,
  duration_unit: DURATION_UNITS,
  delivery_mode: DELIVERY_MODES,
};
const ID_KEYS = new Set(['category_id', 'sub_category_id', 'parent_id', 'course_id']);

/** Labels of the other items' fields (their forms' labels, without typing hints). */
const ITEM_LABELS: Record<string, string> = {
  title: 'Title',
  subtitle: 'Subtitle',
  body: 'Text',
  published_at: 'Published',
  cta: 'Button text',
  position: 'Order',
  name: 'Name',
  slug: 'Slug (web address)',
  description: 'Description',
  parent_id: 'Parent category',
  course_type: 'Course type',
  start_date: 'Start date',
  end_date: 'End date',
  schedule: 'Schedule',
  delivery_mode: 'Delivery mode',
  seats: 'Seats',
  credentials: 'Credentials',
  bio: 'Short bio',
  course_ids: 'Courses taught',
  sample: 'Sample data',
  photo: 'Photo',
  course_id: 'Course',
};

export function labelOf(kind: CatalogueItemKind, key: string): string {
  const course = kind === 'course' ? (COURSE_LABELS as Record<string, string>)[key] : undefined;
  const label = course ?? ITEM_LABELS[key];
  if (label) return label.replace(/ \(one (item )?per line\)$/, '');
  const last = key.slice(key.lastIndexOf('.') + 1).replace(/_/g, ' ');
  return `${last.charAt(0).toUpperCase()}${last.slice(1)}`;
}

/** 20400 → "20,400", without the browser's locale data. */
export function groupThousands(value: number): string {
  const [whole = '', fraction] = String(Math.abs(value)).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${value < 0 ? '-' : ''}${grouped}${fraction ? `.${fraction}` : ''}`;
}

const isEmpty = (value: unknown) => value === null || value === undefined || value === '';
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export function valueText(key: string, value: unknown, names: Names = {}): string {
  if (isEmpty(value)) return EMPTY_VALUE;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') {
    if (MONEY.has(key)) return `$${groupThousands(value)}`;
    if (key.startsWith('kpi.')) return `${value}%`;
    const lookup = LOOKUPS[key.slice(key.lastIndexOf('.') + 1)];
    if (lookup) return lookupTitle(lookup, value) || String(value);
    return groupThousands(value);
  }
  if (typeof value === 'string') {
    if (ID_KEYS.has(key)) return names[value] ?? 'an item no longer in the catalogue';
    if (key === 'published_at') return formatDateTime(value);
    return value;
  }
  if (key === 'photo' && isRecord(value)) return `a photo (${String(value.width)} × ${String(value.height)})`;
  if (isRecord(value))
    return Object.values(value)
      .filter((v) => !isEmpty(v))
      .map((v) => valueText('', v, names))
      .join(': ');
  return String(value);
}

function listItems(key: string, value: unknown, names: Names): string[] {
  if (!Array.isArray(value)) return isEmpty(value) ? [] : [valueText(key, value, names)];
  return value.map((item) =>
    key === 'course_ids' && typeof item === 'string' ? (names[item] ?? 'a course no longer in the catalogue') : valueText(key, item, names),
  );
}

function lineOf(kind: CatalogueItemKind, key: string, before: unknown, after: unknown, names: Names): ChangeLine | null {
  const label = labelOf(kind, key);
  if (Array.isArray(before) || Array.isArray(after)) {
    const was = listItems(key, before, names);
    const now = listItems(key, after, names);
    const removed = was.filter((item) => !now.includes(item));
    const added = now.filter((item) => !was.includes(item));
    if (!removed.length && !added.length)
      return { key, label, kind: 'value', before: 'the same items in another order', after: now.join(', ') };
    return { key, label, kind: 'list', removed, added };
  }
  const long = (value: unknown) => typeof value === 'string' && (value.length > SHORT_TEXT || value.includes('\n'));
  if (!ID_KEYS.has(key) && (long(before) || long(after))) {
    return {
      key,
      label,
      kind: 'text',
      parts: shortenSame(wordDiff(typeof before === 'string' ? before : '', typeof after === 'string' ? after : '')),
    };
  }
  const was = valueText(key, before, names);
  const now = valueText(key, after, names);
  return was === now ? null : { key, label, kind: 'value', before: was, after: now };
}

/** Structured values (fees, admission, …) open into their own fields; the rest is one line each. */
function collect(kind: CatalogueItemKind, key: string, before: unknown, after: unknown, names: Names, lines: ChangeLine[]): void {
  if (JSON.stringify(before ?? null) === JSON.stringify(after ?? null)) return;
  if (key !== 'photo' && (isRecord(before) || isRecord(after))) {
    const was = isRecord(before) ? before : {};
    const now = isRecord(after) ? after : {};
    for (const sub of new Set([...Object.keys(was), ...Object.keys(now)]))
      collect(kind, `${key}.${sub}`, was[sub] ?? null, now[sub] ?? null, names, lines);
    return;
  }
  const line = lineOf(kind, key, before, after, names);
  if (line) lines.push(line);
}

/** Lines follow the editor's order (jsonb keeps keys shortest first, which reads as random). */
function orderOf(kind: CatalogueItemKind, key: string): number {
  const keys = Object.keys(kind === 'course' ? COURSE_LABELS : ITEM_LABELS);
  for (let candidate = key; candidate; candidate = candidate.slice(0, Math.max(0, candidate.lastIndexOf('.')))) {
    const index = keys.indexOf(candidate);
    if (index >= 0) return index;
  }
  return keys.length;
}

export function changeLines(kind: CatalogueItemKind, fields: Record<string, [unknown, unknown]>, names: Names = {}): ChangeLine[] {
  const lines: ChangeLine[] = [];
  for (const [key, [before, after]] of Object.entries(fields)) collect(kind, key, before, after, names, lines);
  return lines
    .map((line, index) => ({ line, index, order: orderOf(kind, line.key) }))
    .sort((a, b) => a.order - b.order || a.index - b.index)
    .map(({ line }) => line);
}
