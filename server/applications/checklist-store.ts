/**
 * A program's document checklist (issue 33): the items an applicant uploads, each required or
 * optional, for all applicants or only local or international ones. Removed items are retired,
 * never deleted, because uploaded documents keep pointing at them. A course with no checklist rows
 * at all gets defaults built from its admission requirements at each start (seedChecklists).
 */
import type { Queryable } from '../db/database';
import type { AppliesTo, ChecklistItem, Residency } from '../../src/application-contract';
import { newId } from '../auth/tokens';
import { InvalidInput, NotFound } from '../domain-errors';

export const COURSE_NOT_FOUND = 'There is no such course or program.';
export const UNKNOWN_ITEM_MESSAGE = 'One of these checklist items no longer exists. Please reload the checklist and try again.';

interface ItemRow {
  id: string;
  title: string;
  required: boolean;
  applies_to: AppliesTo;
}

const item = (row: ItemRow): ChecklistItem => ({ _id: row.id, title: row.title, required: row.required, applies_to: row.applies_to });

/** The items an applicant of this residency sees, in order; with no residency yet, only those for all. */
export async function checklistFor(db: Queryable, courseId: string, residency: Residency | null): Promise<ChecklistItem[]> {
  const { rows } = await db.query<ItemRow>(
    `SELECT id, title, required, applies_to FROM checklist_items
      WHERE course_id = $1 AND NOT retired AND (applies_to = 'all' OR applies_to = $2)
      ORDER BY position, id`,
    [courseId, residency ?? 'all'],
  );
  return rows.map(item);
}

/** Every current item of a course, as staff edit them; NotFound for an unknown course. */
export async function listChecklist(db: Queryable, courseId: string): Promise<ChecklistItem[]> {
  const { rows } = await db.query<ItemRow & { course: string | null }>(
    `SELECT c.id AS course, i.id, i.title, i.required, i.applies_to
       FROM courses c LEFT JOIN checklist_items i ON i.course_id = c.id AND NOT i.retired
      WHERE c.id = $1 ORDER BY i.position, i.id`,
    [courseId],
  );
  if (rows.length === 0) throw new NotFound(COURSE_NOT_FOUND);
  return rows.filter((row) => row.id !== null).map(item);
}

export interface ChecklistInput {
  _id?: string;
  title: string;
  required: boolean;
  applies_to: AppliesTo;
}

export interface ChecklistChange {
  items: ChecklistItem[];
  added: number;
  retired: number;
}

/** Replaces a course's list (in the caller's transaction): kept items updated, new ones added, missing ones retired. */
export async function replaceChecklist(tx: Queryable, courseId: string, input: ChecklistInput[]): Promise<ChecklistChange> {
  const course = await tx.query('SELECT id FROM courses WHERE id = $1 FOR UPDATE', [courseId]);
  if (course.rowCount === 0) throw new NotFound(COURSE_NOT_FOUND);
  const { rows } = await tx.query<{ id: string }>('SELECT id FROM checklist_items WHERE course_id = $1 AND NOT retired', [courseId]);
  const current = new Set(rows.map((row) => row.id));
  const kept = new Set<string>();
  let added = 0;
  for (const [position, entry] of input.entries()) {
    if (entry._id !== undefined) {
      if (!current.has(entry._id) || kept.has(entry._id))
        throw new InvalidInput(UNKNOWN_ITEM_MESSAGE, { [`items.${position}`]: UNKNOWN_ITEM_MESSAGE });
      kept.add(entry._id);
      await tx.query('UPDATE checklist_items SET title = $2, required = $3, applies_to = $4, position = $5 WHERE id = $1', [
        entry._id,
        entry.title,
        entry.required,
        entry.applies_to,
        position,
      ]);
    } else {
      added += 1;
      await tx.query('INSERT INTO checklist_items (id, course_id, title, required, applies_to, position) VALUES ($1, $2, $3, $4, $5, $6)', [
        newId(),
        courseId,
        entry.title,
        entry.required,
        entry.applies_to,
        position,
      ]);
    }
  }
  const retire = [...current].filter((id) => !kept.has(id));
  if (retire.length > 0) await tx.query('UPDATE checklist_items SET retired = true WHERE id = ANY($1::char(24)[])', [retire]);
  return { items: await listChecklist(tx, courseId), added, retired: retire.length };
}

interface CourseAdmission {
  id: string;
  international: boolean;
}

/** The defaults of a course from its admission requirements. */
export function defaultChecklist(course: CourseAdmission): ChecklistInput[] {
  return [
    { title: 'Transcript', required: true, applies_to: 'all' },
    { title: 'Government photo ID', required: true, applies_to: 'all' },
    ...(course.international ? [{ title: 'English test result', required: true, applies_to: 'international' as const }] : []),
    { title: 'Résumé', required: false, applies_to: 'all' },
  ];
}

/** At each start (in the seed's transaction): defaults for every course that has no checklist rows at all. */
export async function seedChecklists(client: Queryable): Promise<number> {
  const { rows } = await client.query<CourseAdmission>(
    `SELECT c.id,
            COALESCE(jsonb_array_length(CASE WHEN jsonb_typeof(c.admission->'english_tests') = 'array' THEN c.admission->'english_tests' END), 0)
          + COALESCE(jsonb_array_length(CASE WHEN jsonb_typeof(c.admission->'international') = 'array' THEN c.admission->'international' END), 0)
            > 0 AS international
       FROM courses c
      WHERE NOT EXISTS (SELECT 1 FROM checklist_items i WHERE i.course_id = c.id)`,
  );
  const items = rows.flatMap((course) => defaultChecklist(course).map((entry, position) => ({ ...entry, courseId: course.id, position })));
  if (items.length === 0) return 0;
  await client.query(
    `INSERT INTO checklist_items (id, course_id, title, required, applies_to, position)
     SELECT * FROM unnest($1::char(24)[], $2::char(24)[], $3::text[], $4::boolean[], $5::text[], $6::int[])`,
    [
      items.map(() => newId()),
      items.map((i) => i.courseId),
      items.map((i) => i.title),
      items.map((i) => i.required),
      items.map((i) => i.applies_to),
      items.map((i) => i.position),
    ],
  );
  return rows.length;
}
