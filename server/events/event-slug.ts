/**
 * An event's address: its title and its Toronto date, e.g. `open-house-2026-12-05`. Made once, at
 * creation, and kept when the event is edited: links already shared keep working (decisions.md).
 * Unique: a second event of the same title and day gets `-2`, `-3`…
 */
import type { Queryable } from '../db/database';
import { wallTime } from '../../src/college-time';

const SLUG_WORDS_MAX = 60;

export function slugBase(title: string, startsAt: Date): string {
  const words =
    title
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, SLUG_WORDS_MAX)
      .replace(/-+$/, '') || 'event';
  const w = wallTime(startsAt);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${words}-${w.year}-${pad(w.month)}-${pad(w.day)}`;
}

/** The first free slug for this title and day (the unique index still decides a race: the caller retries). */
export async function freeSlug(db: Queryable, title: string, startsAt: Date): Promise<string> {
  const base = slugBase(title, startsAt);
  const { rows } = await db.query<{ slug: string }>(`SELECT slug FROM events WHERE slug = $1 OR slug LIKE $1 || '-%'`, [base]);
  const taken = new Set(rows.map((row) => row.slug));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}
