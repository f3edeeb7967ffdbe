/**
 * Keeps old addresses working: the public path of every course and category page is read before
 * and after a change (in its transaction); each path that moved becomes a 301 from old to new.
 * Chains and loops are avoided (redirects to the old path are repointed to the new one, and no
 * redirect may start at an address that is a page now), so a visitor always needs one hop.
 */
import type { Queryable } from '../db/database';
import { coursePath } from '../../src/course-path';
import type { CategoryRow, CourseRow } from '../catalogue';

/** Entity key (`course:<id>`, `category:<id>`) → its public path. */
export type PathSnapshot = Map<string, string>;

type PathCategory = Pick<CategoryRow, 'id' | 'course_type' | 'parent_id' | 'slug'>;
type PathCourse = Pick<CourseRow, 'id' | 'slug' | 'course_type' | 'vocational' | 'category_id' | 'sub_category_id'>;

export async function publicPaths(client: Queryable): Promise<PathSnapshot> {
  const categories = (await client.query<PathCategory>('SELECT id, course_type, parent_id, slug FROM categories')).rows;
  const courses = (
    await client.query<PathCourse>(
      // Active courses only: an inactive one's page answers 410 (or a redirect the seed gave it).
      'SELECT id, slug, course_type, vocational, category_id, sub_category_id FROM courses WHERE status = 1',
    )
  ).rows;
  const byId = new Map(categories.map((row) => [row.id, row]));
  const paths: PathSnapshot = new Map();
  for (const row of categories) {
    const parent = row.parent_id ? byId.get(row.parent_id) : undefined;
    if (row.course_type === 1 && !parent) paths.set(`category:${row.id}`, `/full-time-courses/${row.slug}`);
    if (row.course_type === 2)
      paths.set(`category:${row.id}`, parent ? `/part-time-courses/${parent.slug}/${row.slug}` : `/part-time-courses/${row.slug}`);
  }
  for (const row of courses) {
    const category = (row.category_id && byId.get(row.category_id)) || null;
    const sub = (row.sub_category_id && byId.get(row.sub_category_id)) || null;
    paths.set(`course:${row.id}`, coursePath(row, category, sub));
  }
  return paths;
}

/** One redirect old → new, without chains or loops. */
export async function addRedirect(client: Queryable, from: string, to: string): Promise<void> {
  await client.query('DELETE FROM url_redirects WHERE from_path = $1', [to]);
  await client.query('UPDATE url_redirects SET to_path = $2 WHERE to_path = $1', [from, to]);
  await client.query(
    `INSERT INTO url_redirects (from_path, to_path) VALUES ($1, $2)
     ON CONFLICT (from_path) DO UPDATE SET to_path = EXCLUDED.to_path, created_at = now()`,
    [from, to],
  );
}

/** Redirects every moved path, and drops redirects that would hide a page that exists now. */
export async function redirectMovedPaths(client: Queryable, before: PathSnapshot): Promise<void> {
  const after = await publicPaths(client);
  for (const [key, oldPath] of before) {
    const newPath = after.get(key);
    if (newPath && newPath !== oldPath) await addRedirect(client, oldPath, newPath);
  }
  await client.query('DELETE FROM url_redirects WHERE from_path = ANY($1::text[])', [[...after.values()]]);
}
