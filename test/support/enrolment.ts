/**
 * Enrolment's tests (issue 34): an application whose admission the applicant accepted, inserted as
 * rows (lead, application with full personal details, an intake), ready for a contract.
 */
import type { TestServer } from './server';
import { insertApplication, insertIntake, type ApplicationFixture, type TestApplication } from './staff-applications';

export const ADMITTED_ANSWERS = {
  first_name: 'Grace',
  last_name: 'Hopper',
  phone: '+1 416-555-0100',
  address: '100 Queen Street West',
  city: 'Toronto',
  province: 'ON',
  postal_code: 'M5H 2N2',
  country: 'Canada',
  residency: 'local',
};

export interface AdmittedApplication extends TestApplication {
  intakeId: string;
  courseId: string;
}

/** A course of the seeded catalogue by slug, or the first full-time program when none is given. */
export async function seededCourseId(server: TestServer, slug?: string): Promise<string> {
  const { rows } = await server.db.pool.query<{ id: string }>(
    slug
      ? 'SELECT id FROM courses WHERE slug = $1'
      : 'SELECT id FROM courses WHERE course_type = 1 AND status = 1 ORDER BY position, id LIMIT 1',
    slug ? [slug] : [],
  );
  if (!rows[0]) throw new Error(`no course ${slug ?? '(first full-time)'}`);
  return rows[0].id.trim();
}

/** An accepted admission to `courseId` (the first full-time program when left out), starting `startDate` (default in 60 days). */
export async function insertAdmittedApplication(
  server: TestServer,
  fixture: Partial<ApplicationFixture> & { startDate?: string } = {},
): Promise<AdmittedApplication> {
  const courseId = fixture.courseId ?? (await seededCourseId(server));
  const startDate = fixture.startDate ?? new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);
  const intakeId = fixture.intakeId ?? (await insertIntake(server, courseId, startDate));
  const application = await insertApplication(server, {
    ...fixture,
    courseId,
    intakeId,
    status: 'decision_released',
    answers: {
      ...ADMITTED_ANSWERS,
      ...(fixture.firstName ? { first_name: fixture.firstName } : {}),
      ...(fixture.lastName ? { last_name: fixture.lastName } : {}),
      course_id: courseId,
      intake_id: intakeId,
      ...fixture.answers,
    },
  });
  await server.db.pool.query(
    `UPDATE applications SET decision = 'admitted', decided_at = now(), answer = 'accepted', answered_at = now(), letter = 'Welcome.'
      WHERE id = $1`,
    [application.id],
  );
  return { ...application, intakeId, courseId };
}
