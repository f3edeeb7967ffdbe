/**
 * Staff review one document of an application (issue 33): accept it, or return it with a reason
 * the applicant reads. One transaction: the document's outcome, the application's status (the
 * first review moves a submitted application to "Under review"; a returned item to "Missing
 * items"), the timeline step, the audit entry and, for a return, the mail that tells the applicant.
 */
import { z } from 'zod';
import type { Queryable } from '../db/database';
import type { AppContext } from '../context';
import { Conflict, NotFound } from '../domain-errors';
import { recordAudit, type AuditWho } from '../audit/audit-log';
import { greeting } from '../leads';
import { recordApplicationStep } from './application-events';
import { settleStatusAfterDocuments } from './application-status';
import { visibleApplication, type ApplicationView } from './staff-visibility';
import { applicantMail } from './staff-applicant-mail';
import { FIRST_NAME_SQL } from './staff-labels';

export const REASON_MESSAGE = 'Please say why the document is returned (3 to 500 characters); the applicant will read it.';
export const OUTCOME_MESSAGE = 'Please accept the document or return it.';
export const REVIEW_STATUS_MESSAGE = 'Documents can be reviewed only once the application is submitted and before a decision is released.';
export const DOCUMENT_NOT_FOUND_MESSAGE = 'There is no such document in this application.';
export const DOCUMENT_REPLACED_MESSAGE = 'This document was replaced by a newer upload. Please reload to review the new one.';

export const reviewSchema = z
  .object(
    {
      outcome: z.enum(['accept', 'return'], { error: OUTCOME_MESSAGE }),
      reason: z.string({ error: REASON_MESSAGE }).trim().optional(),
    },
    { error: OUTCOME_MESSAGE },
  )
  .superRefine((value, issues) => {
    const length = value.reason?.length ?? 0;
    if (value.outcome === 'return' && (length < 3 || length > 500))
      issues.addIssue({ code: 'custom', path: ['reason'], message: REASON_MESSAGE });
  });
export type Review = z.output<typeof reviewSchema>;

const REVIEWABLE = ['submitted', 'under_review', 'missing_items'];

interface DocumentRow {
  status: string;
  title: string;
  file_name: string;
}

export async function reviewDocument(
  tx: Queryable,
  ctx: Pick<AppContext, 'mailer' | 'config'>,
  view: ApplicationView,
  target: { applicationId: string; documentId: string },
  review: Review,
  who: AuditWho,
): Promise<void> {
  const { applicationId, documentId } = target;
  const application = await visibleApplication(tx, view, applicationId, true);
  if (!REVIEWABLE.includes(application.status)) throw new Conflict(REVIEW_STATUS_MESSAGE);
  const { rows } = await tx.query<DocumentRow>(
    `SELECT d.status, i.title, d.file_name FROM application_documents d JOIN checklist_items i ON i.id = d.item_id
      WHERE d.id = $1 AND d.application_id = $2 FOR UPDATE OF d`,
    [documentId, applicationId],
  );
  const document = rows[0];
  if (!document) throw new NotFound(DOCUMENT_NOT_FOUND_MESSAGE);
  if (document.status === 'replaced') throw new Conflict(DOCUMENT_REPLACED_MESSAGE);
  const returned = review.outcome === 'return';
  const reason = returned ? (review.reason ?? '') : null;
  await tx.query(`UPDATE application_documents SET status = $2, return_reason = $3, reviewed_by = $4, reviewed_at = now() WHERE id = $1`, [
    documentId,
    returned ? 'returned' : 'accepted',
    reason,
    who.actorId,
  ]);
  if (application.status === 'submitted') {
    await tx.query(`UPDATE applications SET status = 'under_review', updated_at = now(), version = version + 1 WHERE id = $1`, [
      applicationId,
    ]);
  }
  await settleStatusAfterDocuments(tx, applicationId);
  await recordApplicationStep(tx, {
    leadId: application.lead_id,
    applicationId,
    action: returned ? 'document_returned' : 'document_accepted',
    text: returned ? `Returned ${document.title}: ${reason ?? ''}` : `Accepted ${document.title}`,
    byUserId: who.actorId,
  });
  await recordAudit(tx, {
    ...who,
    action: 'application.document_reviewed',
    details: { application_id: applicationId, document_id: documentId, item: document.title, outcome: returned ? 'returned' : 'accepted' },
  });
  if (returned) await ctx.mailer.enqueue(tx, await returnMail(tx, ctx.config.siteUrl, application, document.title, reason ?? ''));
}

async function returnMail(tx: Queryable, siteUrl: string, application: { id: string; email: string }, item: string, reason: string) {
  const { rows } = await tx.query<{ first_name: string }>(
    `SELECT ${FIRST_NAME_SQL} AS first_name FROM applications a JOIN leads l ON l.id = a.lead_id WHERE a.id = $1`,
    [application.id],
  );
  return applicantMail({
    to: application.email,
    subject: 'Your application: a document needs your attention',
    siteUrl,
    paragraphs: [
      greeting(rows[0]?.first_name ?? ''),
      `We reviewed your application and returned one document: ${item}.`,
      `The reason: ${reason}`,
      'Please sign in to your application and upload it again. We will review it as soon as it arrives.',
    ],
  });
}
