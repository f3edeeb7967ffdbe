/**
 * What an applicant does to their application (issue 33): save fields as they type, check a step,
 * submit, and answer an admission. Each runs in one transaction on the locked row, so two tabs
 * never half-write it: a draft save merges only the fields it names (last write wins per field).
 */
import type { AppContext } from '../context';
import type { Queryable } from '../db/database';
import type { ApplicantAnswer, ApplicationAnswers } from '../../src/application-contract';
import { COLLEGE } from '../../src/college';
import { todayIso } from '../catalogue';
import { Conflict, InvalidInput, INVALID_INPUT_MESSAGE, invalidField } from '../domain-errors';
import { assertStepComplete, stepProblems, stepsFor, type CheckedStep } from './application-answers';
import { openIntakes, requireApplicationOf, type ApplicationRow } from './application-store';
import { leadFromApplication, markProspectiveStudent } from './application-lead';
import { recordApplicationStep } from './application-events';
import { checklistFor } from './checklist-store';
import { documentsOf } from './document-store';

export const SUBMITTED_MESSAGE = `Your application has been submitted, so its answers can no longer be changed. To correct something, please write to ${COLLEGE.emails.admissions}.`;
export const MISSING_DOCUMENTS_MESSAGE = 'Please upload every required document before you submit.';
export const NOT_ANSWERABLE_MESSAGE = 'There is no offer of admission to answer on this application.';
export const ALREADY_ANSWERED_MESSAGE = 'You have already answered this offer. To change your answer, please write to admissions.';

async function checkProgram(ctx: AppContext, tx: Queryable, answers: ApplicationAnswers): Promise<void> {
  if (answers.course_id !== undefined && !ctx.catalogue.courseById(answers.course_id)) {
    throw invalidField('course_id', 'Please choose a program from the list.');
  }
  if (answers.intake_id !== undefined) {
    const open = await openIntakes(tx, answers.course_id ?? null, todayIso(ctx.now()));
    if (!open.some((intake) => intake._id === answers.intake_id)) {
      throw invalidField('intake_id', 'This intake cannot be chosen: it has started or is full. Please choose another.');
    }
  }
}

/** Saves the fields given (any subset), keeping every other field as it is. */
export async function saveDraft(ctx: AppContext, email: string, patch: ApplicationAnswers): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const row = await requireApplicationOf(tx, email, true);
    if (row.status !== 'started') throw new Conflict(SUBMITTED_MESSAGE);
    const next: ApplicationAnswers = { ...row.answers, ...patch };
    // A new program clears an intake of the old one.
    if (patch.course_id !== undefined && patch.course_id !== row.course_id && patch.intake_id === undefined) delete next.intake_id;
    await checkProgram(ctx, tx, { course_id: next.course_id, intake_id: patch.intake_id });
    const removed = next.intake_id === undefined && row.answers.intake_id !== undefined ? ['intake_id'] : [];
    await tx.query(
      `UPDATE applications SET answers = (answers || $2::jsonb) - $3::text[], course_id = $4, intake_id = $5,
              updated_at = now(), version = version + 1
        WHERE id = $1`,
      [row.id, JSON.stringify(patch), removed, next.course_id ?? null, next.intake_id ?? null],
    );
  });
}

/** Checks one step as saved; completing the personal details makes a lead for a person who has none. */
export async function checkStep(ctx: AppContext, email: string, step: CheckedStep): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const row = await requireApplicationOf(tx, email, true);
    assertStepComplete(step, row.answers, todayIso(ctx.now()));
    if (step === 'program') await checkProgram(ctx, tx, row.answers);
    if (step === 'personal' && !row.lead_id) await leadFromApplication(ctx, tx, row.id, row.email, row.answers);
  });
}

async function missingDocuments(tx: Queryable, row: ApplicationRow): Promise<string[]> {
  if (!row.course_id) return [];
  const [checklist, documents] = await Promise.all([
    checklistFor(tx, row.course_id, row.answers.residency ?? null),
    documentsOf(tx, row.id),
  ]);
  const uploaded = new Set(documents.filter((d) => d.status !== 'returned').map((d) => d.item_id));
  return checklist.filter((item) => item.required && !uploaded.has(item._id)).map((item) => item.title);
}

/** Submits once every step is complete and every required document is uploaded; a second submit is a no-op. */
export async function submitApplication(ctx: AppContext, email: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const row = await requireApplicationOf(tx, email, true);
    if (row.status !== 'started') return;
    const today = todayIso(ctx.now());
    for (const step of stepsFor(row.answers)) {
      const problems = stepProblems(step, row.answers, today);
      if (Object.keys(problems).length > 0) throw new InvalidInput(INVALID_INPUT_MESSAGE, problems);
    }
    await checkProgram(ctx, tx, row.answers);
    const missing = await missingDocuments(tx, row);
    if (missing.length > 0) throw new InvalidInput(`${MISSING_DOCUMENTS_MESSAGE} Still needed: ${missing.join(', ')}.`);
    const leadId = row.lead_id ?? (await leadFromApplication(ctx, tx, row.id, row.email, row.answers));
    await tx.query(
      `UPDATE applications SET status = 'submitted', submitted_at = now(), updated_at = now(), version = version + 1 WHERE id = $1`,
      [row.id],
    );
    await markProspectiveStudent(tx, leadId);
    const program = row.course_id ? ctx.catalogue.courseById(row.course_id)?.course_name : undefined;
    await recordApplicationStep(tx, {
      leadId,
      applicationId: row.id,
      action: 'submitted',
      text: `Application submitted${program ? ` for ${program}` : ''}`,
      byUserId: null,
    });
  });
}

const ANSWER_TEXT: Record<ApplicantAnswer, string> = {
  accepted: 'The applicant accepted the offer of admission',
  declined: 'The applicant declined the offer of admission',
  deferral_requested: 'The applicant asked to defer to a later intake',
};

/** The applicant's answer to an admission: once; the same answer again is a no-op. */
export async function answerOffer(ctx: AppContext, email: string, answer: ApplicantAnswer): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const row = await requireApplicationOf(tx, email, true);
    if (row.status !== 'decision_released' || (row.decision !== 'admitted' && row.decision !== 'conditionally_admitted')) {
      throw new Conflict(NOT_ANSWERABLE_MESSAGE);
    }
    if (row.answer === answer) return;
    if (row.answer) throw new Conflict(ALREADY_ANSWERED_MESSAGE);
    await tx.query(`UPDATE applications SET answer = $2, answered_at = now(), updated_at = now(), version = version + 1 WHERE id = $1`, [
      row.id,
      answer,
    ]);
    if (row.lead_id) {
      await recordApplicationStep(tx, {
        leadId: row.lead_id,
        applicationId: row.id,
        action: 'answered',
        text: ANSWER_TEXT[answer],
        byUserId: null,
      });
    }
  });
}
