/**
 * Fixtures for the leads and CRM API tests: a valid lead payload, courses of each type known to
 * the in-memory catalogue (seeded ones when the seed has them, else inserted), and a staff token.
 */
import crypto from 'node:crypto';
import type { LeadPayload } from '../../src/contract';
import type { CourseTypeId } from '../../src/lookups';
import { createSession } from '../../server/auth/sessions';
import type { TestServer } from './server';

export function validLead(overrides: Record<string, unknown> = {}): LeadPayload & Record<string, unknown> {
  return {
    first_name: 'Amelia',
    last_name: 'Okafor',
    email: 'amelia.okafor@example.com',
    phone: '+14165550123',
    lead_type: 1,
    address: '',
    source: 1,
    course_id: '',
    course_type: '',
    location: 1,
    financial_aid: false,
    ...overrides,
  };
}

export interface TestCourse {
  id: string;
  name: string;
  course_type: CourseTypeId;
}

export interface TestCourses {
  fullTime: TestCourse;
  partTime: TestCourse;
  /** A course that exists in the table but is inactive (status 2). */
  inactiveId: string;
}

const newId = () => crypto.randomBytes(12).toString('hex');

async function insertCourse(server: TestServer, courseType: CourseTypeId, status: 1 | 2): Promise<TestCourse> {
  const id = newId();
  const name = `Test Course ${id.slice(0, 6)}`;
  await server.db.pool.query(
    `INSERT INTO courses (id, course_name, slug, course_type, vocational, duration, duration_unit,
                          delivery_mode, status, summary, description)
     VALUES ($1, $2, $3, $4, $5, 12, 2, 1, $6, 'A test course.', 'A course inserted by a test.')`,
    [id, name, `test-course-${id}`, courseType, courseType === 1, status],
  );
  return { id, name, course_type: courseType };
}

async function seededCourse(server: TestServer, courseType: CourseTypeId): Promise<TestCourse | null> {
  const { rows } = await server.db.pool.query<{ id: string; course_name: string }>(
    'SELECT id, course_name FROM courses WHERE status = 1 AND course_type = $1 ORDER BY id LIMIT 1',
    [courseType],
  );
  const row = rows[0];
  if (!row || !server.ctx.catalogue.courseById(row.id.trim())) return null;
  return { id: row.id.trim(), name: row.course_name, course_type: courseType };
}

export async function testCourses(server: TestServer): Promise<TestCourses> {
  const fullTime = (await seededCourse(server, 1)) ?? (await insertCourse(server, 1, 1));
  const partTime = (await seededCourse(server, 2)) ?? (await insertCourse(server, 2, 1));
  const inactive = await insertCourse(server, 1, 2);
  await server.ctx.catalogue.reload();
  return { fullTime, partTime, inactiveId: inactive.id };
}

/** A bearer token for the configured admin, or for a staff row the test inserts itself. */
export async function staffToken(server: TestServer): Promise<string> {
  const email = server.config.adminEmail ?? 'admin@test.example';
  const found = await server.db.pool.query<{ id: string }>('SELECT id FROM users WHERE lower(email) = lower($1)', [email]);
  let userId = found.rows[0]?.id.trim();
  if (!userId) {
    userId = newId();
    // Sessions are what the guard checks; this user never signs in with a password.
    await server.db.pool.query(`INSERT INTO users (id, name, email, password_hash) VALUES ($1, 'Test Admin', $2, 'not-a-password-hash')`, [
      userId,
      email,
    ]);
  }
  return createSession(server.db.pool, userId);
}
