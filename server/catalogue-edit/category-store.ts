/**
 * Categories and sub-categories (order, names, slugs, descriptions). A sub-category belongs to a
 * top-level part-time category; slugs are unique among siblings. Renaming a slug redirects the
 * category's page and every course page under it (see public-paths.ts).
 */
import type { Queryable } from '../db/database';
import type { CatalogueCategory } from '../../src/crm-catalogue-contract';
import { newId } from '../auth/tokens';
import { Conflict, invalidField, NotFound } from '../domain-errors';
import { recordChange } from './change-log';
import { isUniqueViolation } from './edit-transaction';
import { publicPaths, redirectMovedPaths } from './public-paths';
import type { CategoryInput } from './schemas';

export const CATEGORY_NOT_FOUND_MESSAGE = 'There is no category with this id.';
export const CATEGORY_CONFLICT_MESSAGE =
  'Someone else saved this category while you were editing it. Their version is shown; reapply your change and save again.';
export const CATEGORY_SLUG_TAKEN_MESSAGE = 'Another category at this level already uses this slug. Please choose another.';
export const PARENT_MESSAGE = 'A sub-category belongs to a top-level part-time category: choose one.';
export const TYPE_IN_USE_MESSAGE = 'This category has courses or sub-categories: its course type and parent cannot change.';

const SELECT = `SELECT id, course_type, parent_id, name, slug, description, position, version FROM categories`;
type Row = Omit<CatalogueCategory, '_id'> & { id: string };
const toCategory = ({ id, ...row }: Row): CatalogueCategory => ({ ...row, _id: id.trim(), parent_id: row.parent_id?.trim() ?? null });

export async function listCategories(db: Queryable): Promise<CatalogueCategory[]> {
  const { rows } = await db.query<Row>(`${SELECT} ORDER BY course_type, parent_id NULLS FIRST, position, name`);
  return rows.map(toCategory);
}

export async function findCategoryById(db: Queryable, id: string, lock = false): Promise<CatalogueCategory | null> {
  if (!/^[0-9a-f]{24}$/.test(id)) return null;
  const { rows } = await db.query<Row>(`${SELECT} WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [id]);
  return rows[0] ? toCategory(rows[0]) : null;
}

async function checkCategory(client: Queryable, input: CategoryInput, ownId: string | null): Promise<void> {
  if (input.parent_id !== null) {
    const parent = await findCategoryById(client, input.parent_id);
    if (!parent || parent.parent_id !== null || parent.course_type !== 2 || input.course_type !== 2 || parent._id === ownId) {
      throw invalidField('parent_id', PARENT_MESSAGE);
    }
  }
  const taken = await client.query(
    `SELECT 1 FROM categories WHERE course_type = $1 AND COALESCE(parent_id, '') = COALESCE($2, '') AND slug = $3 AND id <> $4`,
    [input.course_type, input.parent_id, input.slug, ownId ?? ''],
  );
  if (taken.rows.length > 0) throw invalidField('slug', CATEGORY_SLUG_TAKEN_MESSAGE);
}

async function slugSafe<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw invalidField('slug', CATEGORY_SLUG_TAKEN_MESSAGE);
    throw error;
  }
}

const editable = ({ _id, version, ...fields }: CatalogueCategory): Record<string, unknown> => fields;

export async function createCategory(client: Queryable, input: CategoryInput, by: string): Promise<CatalogueCategory> {
  await checkCategory(client, input, null);
  const id = newId();
  await slugSafe(() =>
    client.query(
      `INSERT INTO categories (id, course_type, parent_id, name, slug, description, position) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [id, input.course_type, input.parent_id, input.name, input.slug, input.description, input.position],
    ),
  );
  const created = (await findCategoryById(client, id)) as CatalogueCategory;
  await client.query('DELETE FROM url_redirects WHERE from_path = ANY($1::text[])', [[...(await publicPaths(client)).values()]]);
  await recordChange(client, { kind: 'category', itemId: id, by, before: null, after: editable(created) });
  return created;
}

export async function updateCategory(
  client: Queryable,
  id: string,
  version: number,
  input: CategoryInput,
  by: string,
): Promise<CatalogueCategory> {
  const current = await findCategoryById(client, id, true);
  if (!current) throw new NotFound(CATEGORY_NOT_FOUND_MESSAGE);
  if (current.version !== version) throw new Conflict(CATEGORY_CONFLICT_MESSAGE, { current });
  await checkCategory(client, input, id);
  if (input.course_type !== current.course_type || input.parent_id !== current.parent_id) {
    const used = await client.query(
      'SELECT 1 FROM courses WHERE category_id = $1 OR sub_category_id = $1 UNION ALL SELECT 1 FROM categories WHERE parent_id = $1 LIMIT 1',
      [id],
    );
    if (used.rows.length > 0) throw invalidField('course_type', TYPE_IN_USE_MESSAGE);
  }
  const before = await publicPaths(client);
  const updated = await slugSafe(() =>
    client.query(
      `UPDATE categories SET course_type = $3, parent_id = $4, name = $5, slug = $6, description = $7, position = $8, version = version + 1
      WHERE id = $1 AND version = $2`,
      [id, version, input.course_type, input.parent_id, input.name, input.slug, input.description, input.position],
    ),
  );
  if (updated.rowCount === 0) throw new Conflict(CATEGORY_CONFLICT_MESSAGE, { current });
  await redirectMovedPaths(client, before);
  const saved = (await findCategoryById(client, id)) as CatalogueCategory;
  await recordChange(client, { kind: 'category', itemId: id, by, before: editable(current), after: editable(saved) });
  return saved;
}
