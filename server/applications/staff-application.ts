/**
 * GET /api/crm/applications/:id (issue 33): one application as staff read it — the answers, the
 * checklist that applies to the applicant, the current documents, internal notes, the decision,
 * the lead's owner and the program and intake by name.
 */
import type { Queryable } from '../db/database';
import type { ApplicantAnswer, ApplicationAnswers, ApplicationNote, Decision, StaffApplication } from '../../src/application-contract';
import { shownStatus } from './application-status';
import { checklistFor } from './checklist-store';
import { documentsOf } from './document-store';
import { visibleApplication, type ApplicationView } from './staff-visibility';
import { LABEL_COLUMNS, LABEL_JOINS, intakeLabel, ownerOf, type LabelRow } from './staff-labels';
import { releasedDecision } from './application-store';

interface ApplicationRow extends LabelRow {
  id: string;
  lead_id: string;
  email: string;
  status: string;
  answers: ApplicationAnswers;
  course_id: string | null;
  decision: Decision | null;
  conditions: string | null;
  letter: string | null;
  decided_at: Date | null;
  answer: ApplicantAnswer | null;
  submitted_at: Date | null;
  created_at: Date;
  updated_at: Date;
  version: number;
}

export async function staffApplication(db: Queryable, view: ApplicationView, id: string): Promise<StaffApplication> {
  await visibleApplication(db, view, id);
  const { rows } = await db.query<ApplicationRow>(
    `SELECT a.id, a.lead_id, a.email, a.status, a.answers, a.course_id, a.decision, a.conditions, a.letter, a.decided_at,
            a.answer, a.submitted_at, a.created_at, a.updated_at, a.version, ${LABEL_COLUMNS}
       FROM applications a JOIN leads l ON l.id = a.lead_id ${LABEL_JOINS}
      WHERE a.id = $1`,
    [id],
  );
  const row = rows[0];
  if (!row) throw new Error(`application ${id} vanished while read`);
  const residency = row.answers.residency ?? null;
  const [checklist, documents, notes] = await Promise.all([
    row.course_id ? checklistFor(db, row.course_id.trim(), residency) : Promise.resolve([]),
    documentsOf(db, id),
    notesOf(db, id),
  ]);
  return {
    _id: row.id.trim(),
    lead_id: row.lead_id.trim(),
    email: row.email,
    status: shownStatus(row),
    answers: row.answers,
    checklist,
    documents,
    submitted_at: row.submitted_at?.toISOString() ?? null,
    decision: releasedDecision(row),
    answer: row.answer,
    version: row.version,
    owner: ownerOf(row),
    program: row.program,
    intake: intakeLabel(row.intake_start),
    notes,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

async function notesOf(db: Queryable, applicationId: string): Promise<ApplicationNote[]> {
  const { rows } = await db.query<{ id: string; text: string; author_id: string | null; author_name: string | null; created_at: Date }>(
    `SELECT n.id::text AS id, n.text, n.author_id, u.name AS author_name, n.created_at
       FROM application_notes n LEFT JOIN users u ON u.id = n.author_id
      WHERE n.application_id = $1 ORDER BY n.created_at, n.id`,
    [applicationId],
  );
  return rows.map((r) => ({
    _id: r.id,
    text: r.text,
    by: r.author_id && r.author_name !== null ? { _id: r.author_id.trim(), name: r.author_name } : null,
    at: r.created_at.toISOString(),
  }));
}
