/**
 * The idempotent seed, run on every start: inserts the seed catalogue rows that are missing
 * (deterministic ids, ON CONFLICT DO NOTHING, so edits made since are kept), tops the intake
 * calendar up to twelve months ahead, fills the courses' decision content where still empty and adds
 * the sample professors (seed/content-rows.ts), adds the starter e-mail templates to an empty template
 * table (outreach/starter-templates.ts), adds the enrolment settings and each program's contract terms
 * and fees where missing (seed/enrolment-rows.ts), and re-syncs the information-page search index.
 */
import type { Database } from './database';
import { todayIso } from '../catalogue';
import { SEED_COURSES, courseSeedId, insertCategories, insertCourses, insertNews } from './seed/catalogue-rows';
import { planIntakes } from './seed/intakes';
import { syncPageIndex } from './seed/page-index';
import { REDIRECTS } from '../../src/redirects';
import { insertCourseContent, insertProfessors } from './seed/content-rows';
import { insertStarterTemplates } from '../outreach';
import { seedChecklists } from '../applications/checklist-store';
import { seedDecisionLetters } from '../applications/decision-letter-defaults';
import { insertEnrolmentRows } from './seed/enrolment-rows';

/** Serialises concurrent seeding by several instances starting together. */
const SEED_LOCK_KEY = 727_002;

export async function seedDatabase(db: Database, today: string = todayIso()): Promise<void> {
  await db.transaction(async (client) => {
    await client.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK_KEY]);
    await insertCategories(client);
    await insertCourses(client);
    await insertNews(client);
    await insertCourseContent(client);
    await insertProfessors(client);
    await insertStarterTemplates(client);
    await seedChecklists(client);
    await seedDecisionLetters(client);
    await insertEnrolmentRows(client);

    const { rows } = await client.query<{ id: string }>('SELECT id FROM courses WHERE status = 1 AND id = ANY($1::char(24)[])', [
      SEED_COURSES.map((course) => courseSeedId(course.slug)),
    ]);
    const active = new Set(rows.map((row) => row.id));
    const intakes = planIntakes(SEED_COURSES, courseSeedId, today).filter((intake) => active.has(intake.courseId));
    await client.query(
      `INSERT INTO intakes (id, course_id, start_date, end_date, schedule, delivery_mode)
       SELECT * FROM unnest($1::char(24)[], $2::char(24)[], $3::date[], $4::date[], $5::text[], $6::smallint[])
       ON CONFLICT DO NOTHING`,
      [
        intakes.map((i) => i.id),
        intakes.map((i) => i.courseId),
        intakes.map((i) => i.startDate),
        intakes.map((i) => i.endDate),
        intakes.map((i) => i.schedule),
        intakes.map((i) => i.deliveryMode),
      ],
    );
    await syncPageIndex(client);
    // The seed's permanent redirects; renamed slugs add theirs to the same table.
    await client.query(
      `INSERT INTO url_redirects (from_path, to_path) SELECT * FROM unnest($1::text[], $2::text[]) ON CONFLICT DO NOTHING`,
      [Object.keys(REDIRECTS), Object.values(REDIRECTS)],
    );
  });
}
