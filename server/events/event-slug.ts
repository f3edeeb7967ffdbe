/**
 * An event's address: its title's words, e.g. `/events/open-house`, so the breadcrumb, built from
 * the path's segments as the specification says, reads as the title (issue 31). A title already
 * taken adds the Toronto date (`open-house-2026-12-05`); a second event of the same title and day
 * then gets `-2`, `-3`… Made once, at creation, and kept when the event is edited: links already
 * shared keep working (decisions.md).
 */
import type { Queryable } from '../db/database';
import { wallTime } from '../../src/college-time';

const SLUG_WORDS_MAX = 60;
/** Addresses under /events/ that are pages of their own (src/routes.ts): never an event's words alone. */
const RESERVED = new Set(['registration']);

export function slugWords(title: string): string {
  return (
    title
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, SLUG_WORDS_MAX)
      .replace(/-+$/, '') || 'event'
  );
}

export function slugBase(title: string, startsAt: Date): string {
  const words = slugWords(title);
  const w = wallTime(startsAt);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${words}-${w.year}-${pad(w.month)}-${pad(w.day)}`;
}

/** The first free slug for this title and day (the unique index still decides a race: the caller retries). */
export async function freeSlug(db: Queryable, title: string, startsAt: Date): Promise<string> {
  const words = slugWords(title);
  const { rows } = await db.query<{ slug: string }>(`SELECT slug FROM events WHERE slug = $1 OR slug LIKE $1 || '-%'`, [words]);
  const taken = new Set(rows.map((row) => row.slug));
  if (!taken.has(words) && !RESERVED.has(words)) return words;
  const base = slugBase(title, startsAt);
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}
