/**
 * An applicant's application (issue 33): found or begun at sign-in, read for the portal, saved
 * field by field. One person has one open application; it is attached to their lead (the root
 * of their inquiries) as soon as one is known.
 */
import type { AppContext } from '../context';
import type { Queryable } from '../db/database';
import type { ApplicantApplication, ApplicationAnswers, Decision, IntakeChoice } from '../../src/application-contract';
import { newId } from '../auth/tokens';
import { formatPhone } from '../../src/phone-format';
import { todayIso } from '../catalogue';
import { NotFound } from '../domain-errors';
import { shownStatus } from './application-status';
import { checklistFor } from './checklist-store';
import { documentsOf } from './document-store';

export interface ApplicationRow {
  id: string;
  lead_id: string | null;
  email: string;
  course_id: string | null;
  intake_id: string | null;
  status: string;
  answers: ApplicationAnswers;
  decision: Decision | null;
  conditions: string | null;
  letter: string | null;
  decided_at: Date | null;
  answer: ApplicantApplication['answer'];
  submitted_at: Date | null;
  version: number;
}

export const NO_APPLICATION_MESSAGE = 'We could not find your application. Please sign in again from the link we e-mailed you.';

const trimId = (value: string | null) => value?.trim() ?? null;

function fromRow(row: ApplicationRow): ApplicationRow {
  return { ...row, id: row.id.trim(), lead_id: trimId(row.lead_id), course_id: trimId(row.course_id), intake_id: trimId(row.intake_id) };
}

/** The person's newest application, locked for update when `forUpdate` (inside a transaction). */
export async function applicationOf(db: Queryable, email: string, forUpdate = false): Promise<ApplicationRow | null> {
  const { rows } = await db.query<ApplicationRow>(
    `SELECT * FROM applications WHERE lower(email) = lower($1) ORDER BY created_at DESC LIMIT 1${forUpdate ? ' FOR UPDATE' : ''}`,
    [email],
  );
  return rows[0] ? fromRow(rows[0]) : null;
}

export async function requireApplicationOf(db: Queryable, email: string, forUpdate = false): Promise<ApplicationRow> {
  const row = await applicationOf(db, email, forUpdate);
  if (!row) throw new NotFound(NO_APPLICATION_MESSAGE);
  return row;
}

/** The person's lead: the root of their inquiries (repeat inquiries point at it), newest first. */
async function leadOf(
  db: Queryable,
  email: string,
): Promise<{ id: string; first_name: string; last_name: string; phone: string; course_id: string | null; location: number } | null> {
  const { rows } = await db.query<{
    id: string;
    first_name: string;
    last_name: string;
    phone: string;
    course_id: string | null;
    location: number;
  }>(
    `SELECT id, first_name, last_name, phone, course_id, location FROM leads
      WHERE lower(email) = lower($1) AND parent_lead_id IS NULL AND anonymised_at IS NULL
      ORDER BY created_at DESC LIMIT 1`,
    [email],
  );
  const row = rows[0];
  return row ? { ...row, id: row.id.trim(), course_id: trimId(row.course_id) } : null;
}

/**
 * At sign-in: the person's application, or a new one prefilled from their inquiry (names, phone,
 * program, local or international) and attached to their lead. Serialised per address.
 */
export async function openApplication(
  tx: Queryable,
  email: string,
  courseId: string | null,
): Promise<{ row: ApplicationRow; created: boolean }> {
  await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`application:${email.toLowerCase()}`]);
  const existing = await applicationOf(tx, email, true);
  if (existing) return { row: existing, created: false };
  const lead = await leadOf(tx, email);
  const answers: ApplicationAnswers = {};
  if (lead) {
    answers.first_name = lead.first_name;
    answers.last_name = lead.last_name;
    // As people write it (416-555-0123), not as stored (E.164); the step's check reads either.
    answers.phone = formatPhone(lead.phone).text;
    answers.residency = lead.location === 2 ? 'international' : 'local';
  }
  const course = courseId ?? lead?.course_id ?? null;
  if (course) answers.course_id = course;
  const { rows } = await tx.query<ApplicationRow>(
    `INSERT INTO applications (id, lead_id, email, course_id, answers) VALUES ($1, $2, $3, $4, $5::jsonb) RETURNING *`,
    [newId(), lead?.id ?? null, email, course, JSON.stringify(answers)],
  );
  return { row: fromRow(rows[0] as ApplicationRow), created: true };
}

/** Intakes of a program an applicant may choose: not started yet, and not full (accepted offers count against seats). */
export async function openIntakes(db: Queryable, courseId: string | null, today: string): Promise<IntakeChoice[]> {
  if (!courseId) return [];
  const { rows } = await db.query<{ id: string; start_date: string; schedule: string; delivery_mode: number }>(
    `SELECT i.id, to_char(i.start_date, 'YYYY-MM-DD') AS start_date, i.schedule, i.delivery_mode
       FROM intakes i
      WHERE i.course_id = $1 AND i.start_date > $2::date
        AND (i.seats IS NULL OR i.seats > (SELECT count(*) FROM applications a WHERE a.intake_id = i.id AND a.answer = 'accepted'))
      ORDER BY i.start_date, i.id`,
    [courseId, today],
  );
  return rows.map((row) => ({ _id: row.id.trim(), start_date: row.start_date, schedule: row.schedule, delivery_mode: row.delivery_mode }));
}

/** The released decision as both the portal and the CRM show it; null before one is released. */
export function releasedDecision(
  row: Pick<ApplicationRow, 'decision' | 'conditions' | 'letter' | 'decided_at'>,
): ApplicantApplication['decision'] {
  if (!row.decision || !row.decided_at) return null;
  return { decision: row.decision, conditions: row.conditions, letter: row.letter ?? '', released_at: row.decided_at.toISOString() };
}

/** What the applicant's portal shows. */
export async function applicantView(ctx: AppContext, db: Queryable, row: ApplicationRow): Promise<ApplicantApplication> {
  const residency = row.answers.residency ?? null;
  const [checklist, documents, intakes] = await Promise.all([
    row.course_id ? checklistFor(db, row.course_id, residency) : Promise.resolve([]),
    documentsOf(db, row.id),
    openIntakes(db, row.course_id, todayIso(ctx.now())),
  ]);
  return {
    _id: row.id,
    email: row.email,
    status: shownStatus(row),
    answers: row.answers,
    checklist,
    documents,
    intakes,
    submitted_at: row.submitted_at?.toISOString() ?? null,
    decision: releasedDecision(row),
    answer: row.answer,
    version: row.version,
  };
}
