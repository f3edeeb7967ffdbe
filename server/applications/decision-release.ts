/**
 * Staff release the admission decision (issue 33): the decision's letter filled for the applicant,
 * stored on the application, e-mailed, on the timeline and in the audit log — in one transaction.
 * A decision is released once: the row is locked and the UPDATE names `decided_at IS NULL`, so a
 * double click, a retry or a second tab gets a 409 and the applicant one e-mail.
 */
import { z } from 'zod';
import type { Queryable } from '../db/database';
import type { AppContext } from '../context';
import { COLLEGE } from '../../src/college';
import { decisionTitle, fillLetter, type Decision, type LetterPlaceholder } from '../../src/application-contract';
import { Conflict } from '../domain-errors';
import { recordAudit, type AuditWho } from '../audit/audit-log';
import { recordApplicationStep } from './application-events';
import { visibleApplication, type ApplicationView } from './staff-visibility';
import { applicantMail } from './staff-applicant-mail';
import { decisionField, letterOf } from './decision-letters';
import { FIRST_NAME_SQL, LAST_NAME_SQL, intakeLabel } from './staff-labels';

export const CONDITIONS_MESSAGE = 'Please write the conditions of the admission (at most 2,000 characters).';
export const ALREADY_DECIDED_MESSAGE = 'A decision was already released for this application.';
export const NOT_SUBMITTED_MESSAGE = 'This application has not been submitted yet, so no decision can be released.';
export const MISSING_ITEMS_MESSAGE =
  'This application has missing items. Please wait for the applicant to upload them before releasing a decision.';

export const decisionSchema = z
  .object(
    {
      decision: decisionField,
      conditions: z.string({ error: CONDITIONS_MESSAGE }).trim().max(2000, { error: CONDITIONS_MESSAGE }).optional(),
    },
    { error: 'Please choose a decision.' },
  )
  .superRefine((value, issues) => {
    if (value.decision === 'conditionally_admitted' && !value.conditions) {
      issues.addIssue({ code: 'custom', path: ['conditions'], message: CONDITIONS_MESSAGE });
    }
  });
export type DecisionInput = z.output<typeof decisionSchema>;

/** The values of a letter's placeholders for one application. */
export async function letterValues(db: Queryable, applicationId: string, conditions: string): Promise<Record<LetterPlaceholder, string>> {
  const { rows } = await db.query<{ first_name: string; last_name: string; program: string | null; intake_start: string | null }>(
    `SELECT ${FIRST_NAME_SQL} AS first_name, ${LAST_NAME_SQL} AS last_name, c.course_name AS program, i.start_date::text AS intake_start
       FROM applications a JOIN leads l ON l.id = a.lead_id
       LEFT JOIN courses c ON c.id = a.course_id LEFT JOIN intakes i ON i.id = a.intake_id
      WHERE a.id = $1`,
    [applicationId],
  );
  const row = rows[0];
  return {
    first_name: row?.first_name ?? '',
    last_name: row?.last_name ?? '',
    program: row?.program ?? 'the program you applied to',
    intake: intakeLabel(row?.intake_start ?? null) ?? 'the next intake',
    conditions,
    college: COLLEGE.name,
  };
}

export async function releaseDecision(
  tx: Queryable,
  ctx: Pick<AppContext, 'mailer' | 'config'>,
  view: ApplicationView,
  applicationId: string,
  input: DecisionInput,
  who: AuditWho,
): Promise<void> {
  // Locked: a second release waits for the first to commit, then reads its decided_at.
  const application = await visibleApplication(tx, view, applicationId, true);
  if (application.decided_at) throw new Conflict(ALREADY_DECIDED_MESSAGE);
  if (application.status === 'started') throw new Conflict(NOT_SUBMITTED_MESSAGE);
  if (application.status === 'missing_items') throw new Conflict(MISSING_ITEMS_MESSAGE);
  const decision: Decision = input.decision;
  const conditions = decision === 'conditionally_admitted' ? (input.conditions ?? '') : null;
  const template = await letterOf(tx, decision);
  const values = await letterValues(tx, applicationId, conditions ?? '');
  const subject = fillLetter(template.subject, values);
  const letter = fillLetter(template.body, values);
  const { rows } = await tx.query<{ id: string }>(
    `UPDATE applications SET decision = $2, conditions = $3, letter = $4, decided_by = $5, decided_at = now(),
            status = 'decision_released', updated_at = now(), version = version + 1
      WHERE id = $1 AND decided_at IS NULL AND status IN ('submitted', 'under_review') RETURNING id`,
    [applicationId, decision, conditions, letter, who.actorId],
  );
  if (!rows[0]) throw new Conflict(ALREADY_DECIDED_MESSAGE);
  await ctx.mailer.enqueue(
    tx,
    applicantMail({
      to: application.email,
      subject,
      paragraphs: letter
        .split(/\n\s*\n/)
        .map((p) => p.trim())
        .filter(Boolean),
      siteUrl: ctx.config.siteUrl,
    }),
  );
  await recordApplicationStep(tx, {
    leadId: application.lead_id,
    applicationId,
    action: 'decision_released',
    text: `Decision released: ${decisionTitle(decision)}`,
    byUserId: who.actorId,
  });
  await recordAudit(tx, { ...who, action: 'application.decision_released', details: { application_id: applicationId, decision } });
}
