/**
 * The checks a course save needs the database for: its category and sub-category exist and fit
 * its course type, and its slug is not another course's. Answered as 400 with the field named.
 */
import type { Queryable } from '../db/database';
import { INVALID_INPUT_MESSAGE, InvalidInput } from '../domain-errors';
import type { CourseInput } from './schemas';

export const CATEGORY_MESSAGE = 'Choose a top-level category of the same course type.';
export const SUB_CATEGORY_MESSAGE = 'Choose a sub-category of the chosen category.';
export const SLUG_TAKEN_MESSAGE = 'Another course already uses this slug. Please choose another.';

export async function checkCourseRules(db: Queryable, course: CourseInput, ownId: string | null): Promise<void> {
  const errors: Record<string, string> = {};
  const wanted = [course.category_id, course.sub_category_id].filter((value): value is string => value !== null);
  const { rows } = await db.query<{ id: string; course_type: number; parent_id: string | null }>(
    'SELECT id, course_type, parent_id FROM categories WHERE id = ANY($1::char(24)[])',
    [wanted],
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  if (course.category_id !== null) {
    const category = byId.get(course.category_id);
    if (!category || category.parent_id !== null || category.course_type !== course.course_type) errors.category_id = CATEGORY_MESSAGE;
  }
  if (course.sub_category_id !== null) {
    const sub = byId.get(course.sub_category_id);
    if (!sub || sub.parent_id !== course.category_id) errors.sub_category_id = SUB_CATEGORY_MESSAGE;
  }
  const taken = await db.query('SELECT 1 FROM courses WHERE slug = $1 AND id <> $2', [course.slug, ownId ?? '']);
  if (taken.rows.length > 0) errors.slug = SLUG_TAKEN_MESSAGE;
  const fields = Object.keys(errors);
  if (fields.length > 0) {
    throw new InvalidInput(fields.length === 1 ? (errors[fields[0] as string] as string) : INVALID_INPUT_MESSAGE, errors);
  }
}
