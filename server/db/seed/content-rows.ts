/**
 * Inserts the seed's decision content (issue 12) without overwriting staff edits: a course's
 * fees, admission, outcomes and KPI columns are filled only while still NULL, and the sample
 * professors are inserted once by deterministic id (a professor staff deleted stays deleted:
 * the change log remembers the deletion), with their courses only when the professor is new.
 */
import type { Queryable } from '../database';
import { SEED_PROFESSORS, seedCourseContent } from './content';
import { SEED_COURSES, courseSeedId } from './catalogue-rows';
import { seedId } from './ids';

export const professorSeedId = (key: string): string => seedId(`professor:${key}`);

const json = (value: unknown): string | null => (value === null ? null : JSON.stringify(value));

export async function insertCourseContent(client: Queryable): Promise<void> {
  const rows = SEED_COURSES.map((course) => ({ id: courseSeedId(course.slug), ...seedCourseContent(course.slug) }));
  await client.query(
    `UPDATE courses c
        SET fees = coalesce(c.fees, v.fees::jsonb), admission = coalesce(c.admission, v.admission::jsonb),
            outcomes = coalesce(c.outcomes, v.outcomes::jsonb), kpi = coalesce(c.kpi, v.kpi::jsonb)
       FROM unnest($1::char(24)[], $2::text[], $3::text[], $4::text[], $5::text[]) AS v(id, fees, admission, outcomes, kpi)
      WHERE c.id = v.id
        AND ((c.fees IS NULL AND v.fees IS NOT NULL) OR (c.admission IS NULL AND v.admission IS NOT NULL)
          OR (c.outcomes IS NULL AND v.outcomes IS NOT NULL) OR (c.kpi IS NULL AND v.kpi IS NOT NULL))`,
    [
      rows.map((r) => r.id),
      rows.map((r) => json(r.fees)),
      rows.map((r) => json(r.admission)),
      rows.map((r) => json(r.outcomes)),
      rows.map((r) => json(r.kpi)),
    ],
  );
}

export async function insertProfessors(client: Queryable): Promise<void> {
  for (const [position, professor] of SEED_PROFESSORS.entries()) {
    const id = professorSeedId(professor.key);
    const inserted = await client.query(
      `INSERT INTO professors (id, name, title, credentials, bio, position, sample)
       SELECT $1, $2, $3, $4::jsonb, $5, $6, true
        WHERE NOT EXISTS (SELECT 1 FROM catalogue_changes WHERE kind = 'professor' AND item_id = $1 AND action = 'delete')
       ON CONFLICT DO NOTHING`,
      [id, professor.name, professor.title, JSON.stringify(professor.credentials), professor.bio, position],
    );
    if (inserted.rowCount === 0) continue;
    await client.query(
      `INSERT INTO professor_courses (professor_id, course_id)
       SELECT $1, c.id FROM courses c WHERE c.id = ANY($2::char(24)[]) ON CONFLICT DO NOTHING`,
      [id, professor.courseSlugs.map(courseSeedId)],
    );
  }
}
