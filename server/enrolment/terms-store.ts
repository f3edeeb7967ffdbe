/**
 * A program's contract terms and published fees, and the college's enrolment settings (issue 34),
 * as staff edit them. Terms are saved whole with a version check (the first save sends version
 * 0); fees removed are retired, not deleted, so the list of what a program ever published stays.
 */
import type { Queryable } from '../db/database';
import type {
  EnrolmentSettings,
  EnrolmentSettingsSave,
  ProgramFee,
  ProgramTerms,
  ProgramTermsSave,
} from '../../src/program-terms-contract';
import { newId } from '../auth/tokens';
import { Conflict, InvalidInput, NotFound } from '../domain-errors';
import { COURSE_NOT_FOUND } from '../applications/checklist-store';

export const TERMS_CONFLICT_MESSAGE =
  "Someone else saved this program's contract terms while you were editing them. Their version is shown; reapply your change and save again.";
export const UNKNOWN_FEE_MESSAGE = 'One of these fees no longer exists. Please reload the contract terms and try again.';

const who = (id: string | null, name: string | null) => (id && name ? { _id: id.trim(), name } : null);
const iso = (at: Date | string | null) => (at === null ? null : new Date(at).toISOString());

export async function readProgramTerms(db: Queryable, courseId: string): Promise<ProgramTerms> {
  const { rows } = await db.query<
    Omit<ProgramTerms, 'fees' | 'updated_by' | 'updated_at' | 'version'> & {
      version: number | null;
      updated_at: Date | null;
      by_id: string | null;
      by_name: string | null;
    }
  >(
    `SELECT c.id AS course_id, c.course_name, t.approved_name, t.language, t.hours, t.delivery, t.locations, t.online_platform,
            t.online_details, t.practicum, t.version, t.updated_at, u.id AS by_id, u.name AS by_name
       FROM courses c LEFT JOIN program_terms t ON t.course_id = c.id LEFT JOIN users u ON u.id = t.updated_by
      WHERE c.id = $1`,
    [courseId],
  );
  const row = rows[0];
  if (!row) throw new NotFound(COURSE_NOT_FOUND);
  const fees = await db.query<ProgramFee & { id: string }>(
    `SELECT id, label, amount_cents, kind, applies_to FROM program_fees WHERE course_id = $1 AND NOT retired ORDER BY position, id`,
    [courseId],
  );
  const { by_id, by_name, updated_at, version, ...terms } = row;
  return {
    ...terms,
    course_id: terms.course_id.trim(),
    fees: fees.rows.map(({ id, label, amount_cents, kind, applies_to }) => ({ _id: id.trim(), label, amount_cents, kind, applies_to })),
    version: version ?? 0,
    updated_by: who(by_id, by_name),
    updated_at: iso(updated_at),
  };
}

/** Saves the whole of a program's terms and fees (in the caller's transaction); Conflict when the version read is stale. */
export async function saveProgramTerms(tx: Queryable, courseId: string, input: ProgramTermsSave, by: string): Promise<ProgramTerms> {
  const course = await tx.query('SELECT id FROM courses WHERE id = $1 FOR UPDATE', [courseId]);
  if (course.rowCount === 0) throw new NotFound(COURSE_NOT_FOUND);
  const current = await readProgramTerms(tx, courseId);
  if (current.version !== input.version) throw new Conflict(TERMS_CONFLICT_MESSAGE, { current });
  const values = [
    input.approved_name,
    input.language,
    input.hours,
    input.delivery,
    input.locations,
    input.online_platform,
    input.online_details,
    input.practicum,
  ];
  await tx.query(
    `INSERT INTO program_terms (course_id, approved_name, language, hours, delivery, locations, online_platform, online_details, practicum,
                                updated_by, updated_at, version)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, now(), 1)
     ON CONFLICT (course_id) DO UPDATE SET approved_name = $2, language = $3, hours = $4, delivery = $5, locations = $6,
       online_platform = $7, online_details = $8, practicum = $9, updated_by = $10, updated_at = now(), version = program_terms.version + 1`,
    [courseId, ...values, by],
  );
  const existing = new Set(current.fees.map((fee) => fee._id));
  const kept = new Set<string>();
  for (const [position, fee] of input.fees.entries()) {
    if (fee._id !== undefined) {
      if (!existing.has(fee._id) || kept.has(fee._id))
        throw new InvalidInput(UNKNOWN_FEE_MESSAGE, { [`fees.${position}`]: UNKNOWN_FEE_MESSAGE });
      kept.add(fee._id);
      await tx.query('UPDATE program_fees SET label = $2, amount_cents = $3, kind = $4, applies_to = $5, position = $6 WHERE id = $1', [
        fee._id,
        fee.label,
        fee.amount_cents,
        fee.kind,
        fee.applies_to,
        position,
      ]);
    } else {
      await tx.query(
        'INSERT INTO program_fees (id, course_id, label, amount_cents, kind, applies_to, position) VALUES ($1, $2, $3, $4, $5, $6, $7)',
        [newId(), courseId, fee.label, fee.amount_cents, fee.kind, fee.applies_to, position],
      );
    }
  }
  const retire = [...existing].filter((id) => !kept.has(id));
  if (retire.length > 0) await tx.query('UPDATE program_fees SET retired = true WHERE id = ANY($1::char(24)[])', [retire]);
  return readProgramTerms(tx, courseId);
}

export async function readEnrolmentSettings(db: Queryable): Promise<EnrolmentSettings> {
  const { rows } = await db.query<
    Omit<EnrolmentSettings, 'updated_by' | 'updated_at'> & { updated_at: Date; by_id: string | null; by_name: string | null }
  >(
    `SELECT s.legal_name, s.policies, s.refund_schedule, s.refund_schedule_source, s.updated_at, u.id AS by_id, u.name AS by_name
       FROM enrolment_settings s LEFT JOIN users u ON u.id = s.updated_by`,
  );
  const row = rows[0];
  if (!row)
    return { legal_name: '', policies: [], refund_schedule: null, refund_schedule_source: null, updated_by: null, updated_at: null };
  const { by_id, by_name, updated_at, ...settings } = row;
  return { ...settings, updated_by: who(by_id, by_name), updated_at: iso(updated_at) };
}

export async function saveEnrolmentSettings(tx: Queryable, input: EnrolmentSettingsSave, by: string): Promise<EnrolmentSettings> {
  await tx.query(
    `INSERT INTO enrolment_settings (id, legal_name, policies, refund_schedule, refund_schedule_source, updated_by, updated_at)
     VALUES (true, $1, $2::jsonb, $3::jsonb, $4, $5, now())
     ON CONFLICT (id) DO UPDATE SET legal_name = $1, policies = $2::jsonb, refund_schedule = $3::jsonb,
       refund_schedule_source = $4, updated_by = $5, updated_at = now()`,
    [
      input.legal_name,
      JSON.stringify(input.policies),
      input.refund_schedule === null ? null : JSON.stringify(input.refund_schedule),
      input.refund_schedule === null ? null : input.refund_schedule_source,
      by,
    ],
  );
  return readEnrolmentSettings(tx);
}
