/**
 * The lead a message goes to and what its template fields become for that lead: names, the course
 * asked about (catalogue), its next intake (the catalogue's course detail, upcoming intakes only),
 * the counsellor who sends it (for a sequence step: the lead's owner) and the college's name.
 */
import type { Catalogue } from '../catalogue/catalogue';
import type { Queryable } from '../db/database';
import { NEED_ADVICE_COURSE_ID, type CourseDetail } from '../../src/contract';
import { COLLEGE } from '../../src/college';
import { publicApiPaths } from '../../src/public-api';
import type { FieldValues } from './template-fields';

export interface EmailLead {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  courseId: string | null;
  ownerId: string | null;
}

/** Said where a lead asked for advice rather than a course, or its course is gone. */
export const NO_COURSE = 'our programs';
/** Said where the course has no upcoming intake in the catalogue. */
export const NO_INTAKE = 'the next intake';
/** Said where nobody in particular sends it (a sequence step on a lead without an owner). */
export const NO_COUNSELLOR = 'the Admissions team';

const INTAKE_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' });

export async function emailLead(db: Queryable, leadId: string): Promise<EmailLead | null> {
  if (!/^[0-9a-f]{24}$/.test(leadId)) return null;
  const { rows } = await db.query<{
    id: string;
    email: string;
    first_name: string;
    last_name: string;
    course_id: string | null;
    owner_id: string | null;
  }>('SELECT id, email, first_name, last_name, course_id, owner_id FROM leads WHERE id = $1', [leadId]);
  const row = rows[0];
  if (!row) return null;
  return {
    id: row.id.trim(),
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    courseId: row.course_id?.trim() ?? null,
    ownerId: row.owner_id?.trim() ?? null,
  };
}

/** The first upcoming intake's start, "January 12, 2027", from the catalogue's course detail. */
function nextIntake(catalogue: Catalogue, slug: string): string | null {
  const answer = catalogue.answer(publicApiPaths.course(slug));
  if (!answer) return null;
  const detail = JSON.parse(answer.plain.body.toString('utf8')) as Pick<CourseDetail, 'intakes'>;
  const first = [...detail.intakes].sort((a, b) => a.start_date.localeCompare(b.start_date))[0];
  return first ? INTAKE_DAY.format(new Date(`${first.start_date}T00:00:00Z`)) : null;
}

export async function staffName(db: Queryable, id: string | null): Promise<string | null> {
  if (!id) return null;
  const { rows } = await db.query<{ name: string }>('SELECT name FROM users WHERE id = $1', [id]);
  return rows[0]?.name ?? null;
}

/** The field values for this lead, sent by `counsellor` (a name, or null for "the Admissions team"). */
export function fieldValues(lead: EmailLead, catalogue: Catalogue, counsellor: string | null): FieldValues {
  const course = lead.courseId && lead.courseId !== NEED_ADVICE_COURSE_ID ? catalogue.courseById(lead.courseId) : undefined;
  return {
    first_name: lead.firstName,
    last_name: lead.lastName,
    course_name: course?.course_name ?? NO_COURSE,
    intake_date: (course && nextIntake(catalogue, course.slug)) ?? NO_INTAKE,
    counsellor_name: counsellor ?? NO_COUNSELLOR,
    college_name: COLLEGE.name,
  };
}
