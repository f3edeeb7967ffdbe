/**
 * Courses and programs as the catalogue editor reads and saves them (active and inactive), with
 * their decision content. Saves are version-checked (`UPDATE … WHERE id AND version`), logged,
 * and keep the old public address as a redirect when the path changes.
 */
import type { Queryable } from '../db/database';
import type { CatalogueCourse, CatalogueCourseList } from '../../src/crm-catalogue-contract';
import type { CategoryRow, CourseRow } from '../catalogue';
import { coursePath } from '../../src/course-path';
import { newId } from '../auth/tokens';
import { Conflict, invalidField, NotFound } from '../domain-errors';
import { recordChange } from './change-log';
import { checkCourseRules, SLUG_TAKEN_MESSAGE } from './course-rules';
import { isUniqueViolation } from './edit-transaction';
import { publicPaths, redirectMovedPaths } from './public-paths';
import type { CourseInput } from './schemas';

export const COURSE_NOT_FOUND_MESSAGE = 'There is no course with this id.';
export const COURSE_CONFLICT_MESSAGE =
  'Someone else saved this course while you were editing it. Their version is shown; reapply your change and save again.';
const PAGE_SIZE = 50;

const COURSE_SELECT = `
  SELECT c.id, c.course_name, c.slug, c.course_type, c.vocational, c.category_id, c.sub_category_id, c.summary,
         c.description, c.outline, c.duration, c.duration_unit, c.delivery_mode, c.status, c.certification,
         c.fees, c.admission, c.outcomes, c.kpi, c.version, c.updated_at, u.id AS updated_by_id, u.name AS updated_by_name,
         cat.slug AS category_slug, sub.slug AS sub_category_slug
    FROM courses c
    LEFT JOIN users u ON u.id = c.updated_by
    LEFT JOIN categories cat ON cat.id = c.category_id
    LEFT JOIN categories sub ON sub.id = c.sub_category_id`;

type CourseDbRow = CourseRow &
  Pick<CatalogueCourse, 'fees' | 'admission' | 'outcomes' | 'kpi' | 'version'> & {
    updated_at: Date;
    updated_by_id: string | null;
    updated_by_name: string | null;
    category_slug: string | null;
    sub_category_slug: string | null;
  };

const trimId = (value: string | null) => (value === null ? null : value.trim());

function toCourse(row: CourseDbRow): CatalogueCourse {
  const category = row.category_slug === null ? null : ({ slug: row.category_slug } as CategoryRow);
  const sub = row.sub_category_slug === null ? null : ({ slug: row.sub_category_slug } as CategoryRow);
  return {
    _id: row.id.trim(),
    course_name: row.course_name,
    slug: row.slug,
    course_type: row.course_type,
    vocational: row.vocational,
    category_id: trimId(row.category_id),
    sub_category_id: trimId(row.sub_category_id),
    summary: row.summary,
    description: row.description,
    outline: row.outline,
    duration: row.duration,
    duration_unit: row.duration_unit,
    delivery_mode: row.delivery_mode,
    status: row.status,
    certification: row.certification,
    fees: row.fees,
    admission: row.admission,
    outcomes: row.outcomes,
    kpi: row.kpi,
    path: coursePath(row, category, sub),
    version: row.version,
    updated_at: new Date(row.updated_at).toISOString(),
    updated_by: row.updated_by_id ? { _id: row.updated_by_id.trim(), name: row.updated_by_name ?? '' } : null,
  };
}

export async function findCourse(db: Queryable, id: string, lock = false): Promise<CatalogueCourse | null> {
  if (!/^[0-9a-f]{24}$/.test(id)) return null;
  const { rows } = await db.query<CourseDbRow>(`${COURSE_SELECT} WHERE c.id = $1${lock ? ' FOR UPDATE OF c' : ''}`, [id]);
  return rows[0] ? toCourse(rows[0]) : null;
}

export async function listCourses(
  db: Queryable,
  filter: { q?: string | undefined; courseType?: number | null; status?: number | null; page: number },
): Promise<CatalogueCourseList> {
  const where = `WHERE ($1::text IS NULL OR c.course_name ILIKE '%' || $1 || '%' OR c.slug ILIKE '%' || $1 || '%')
      AND ($2::smallint IS NULL OR c.course_type = $2) AND ($3::smallint IS NULL OR c.status = $3)`;
  const params = [filter.q?.trim() || null, filter.courseType ?? null, filter.status ?? null];
  const total = await db.query<{ n: string }>(`SELECT count(*) AS n FROM courses c ${where}`, params);
  const { rows } = await db.query<CourseDbRow>(
    `${COURSE_SELECT} ${where} ORDER BY c.course_type, c.position, c.course_name LIMIT ${PAGE_SIZE} OFFSET $4`,
    [...params, (filter.page - 1) * PAGE_SIZE],
  );
  const courses = rows.map(toCourse).map(({ _id, course_name, slug, course_type, status, path, version, updated_at }) => ({
    _id,
    course_name,
    slug,
    course_type,
    status,
    path,
    version,
    updated_at,
  }));
  return { courses, total: Number(total.rows[0]?.n ?? 0), page: filter.page, page_size: PAGE_SIZE };
}

const COLUMNS = [
  'course_name',
  'slug',
  'course_type',
  'vocational',
  'category_id',
  'sub_category_id',
  'summary',
  'description',
  'outline',
  'duration',
  'duration_unit',
  'delivery_mode',
  'status',
  'certification',
  'fees',
  'admission',
  'outcomes',
  'kpi',
] as const;
const JSON_COLUMNS = new Set(['outline', 'fees', 'admission', 'outcomes', 'kpi']);
const values = (input: CourseInput) => COLUMNS.map((column) => (JSON_COLUMNS.has(column) ? JSON.stringify(input[column]) : input[column]));
const placeholder = (column: string, index: number) => `$${index}${JSON_COLUMNS.has(column) ? '::jsonb' : ''}`;

/** The fields an editor sets, for the change log. */
const editable = (course: CatalogueCourse): Record<string, unknown> =>
  Object.fromEntries(COLUMNS.map((column) => [column, course[column]]));

async function slugSafe<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw invalidField('slug', SLUG_TAKEN_MESSAGE);
    throw error;
  }
}

export async function createCourse(client: Queryable, input: CourseInput, by: string): Promise<CatalogueCourse> {
  await checkCourseRules(client, input, null);
  const id = newId();
  const before = await publicPaths(client);
  const position = await client.query<{ next: number }>('SELECT coalesce(max(position), 0) + 1 AS next FROM courses');
  await slugSafe(() =>
    client.query(
      `INSERT INTO courses (id, position, updated_by, ${COLUMNS.join(', ')})
     VALUES ($1, $2, $3, ${COLUMNS.map((column, i) => placeholder(column, i + 4)).join(', ')})`,
      [id, position.rows[0]?.next ?? 0, by, ...values(input)],
    ),
  );
  await redirectMovedPaths(client, before);
  const created = (await findCourse(client, id)) as CatalogueCourse;
  await recordChange(client, { kind: 'course', itemId: id, by, before: null, after: editable(created) });
  return created;
}

export async function updateCourse(
  client: Queryable,
  id: string,
  version: number,
  input: CourseInput,
  by: string,
): Promise<CatalogueCourse> {
  const current = await findCourse(client, id, true);
  if (!current) throw new NotFound(COURSE_NOT_FOUND_MESSAGE);
  if (current.version !== version) throw new Conflict(COURSE_CONFLICT_MESSAGE, { current });
  await checkCourseRules(client, input, id);
  const before = await publicPaths(client);
  const updated = await slugSafe(() =>
    client.query(
      `UPDATE courses SET ${COLUMNS.map((column, i) => `${column} = ${placeholder(column, i + 4)}`).join(', ')},
            version = version + 1, updated_at = now(), updated_by = $3
      WHERE id = $1 AND version = $2`,
      [id, version, by, ...values(input)],
    ),
  );
  if (updated.rowCount === 0) throw new Conflict(COURSE_CONFLICT_MESSAGE, { current });
  await redirectMovedPaths(client, before);
  const saved = (await findCourse(client, id)) as CatalogueCourse;
  await recordChange(client, { kind: 'course', itemId: id, by, before: editable(current), after: editable(saved) });
  return saved;
}
