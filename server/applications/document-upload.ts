/**
 * Storing an applicant's checked document (issue 33), in one transaction: its row and its
 * encrypted bytes (document-chunks.ts) are inserted, the item's previous document is marked
 * 'replaced' and its bytes dropped, the application's status is settled (a returned item uploaded
 * again clears "Missing items") and, once the application is submitted, the step goes on the
 * lead's timeline. A failure or a crash at any point leaves nothing behind.
 */
import crypto from 'node:crypto';
import type { AppContext } from '../context';
import type { Queryable } from '../db/database';
import type { ApplicationDocument, ChecklistItem, Residency } from '../../src/application-contract';
import { Conflict, NotFound } from '../domain-errors';
import { newId } from '../auth/tokens';
import { recordApplicationStep } from './application-events';
import { settleStatusAfterDocuments } from './application-status';
import { checklistFor } from './checklist-store';
import { dropChunks, newDataKey, writeChunks } from './document-chunks';
import { documentAnswer, documentKeyContext, type DocumentRow } from './document-store';
import type { CheckedDocument } from './document-check';

export const NO_APPLICATION_MESSAGE = 'There is no application for this address yet. Please start your application first.';
export const NOT_ON_CHECKLIST_MESSAGE = 'This document is not on your checklist. Please reload the page and try again.';
export const DOCUMENTS_CLOSED_MESSAGE = 'A decision on your application has been released, so its documents can no longer be changed.';

/** While documents may change. */
const OPEN_STATUSES = ['started', 'submitted', 'missing_items', 'under_review'];

export interface ApplicantApplicationRef {
  id: string;
  lead_id: string;
  status: string;
  course_id: string | null;
  residency: Residency | null;
}

/** The signed-in applicant's application (the newest of their address), or null. */
export async function applicationOfEmail(db: Queryable, email: string, lock = false): Promise<ApplicantApplicationRef | null> {
  const { rows } = await db.query<ApplicantApplicationRef>(
    `SELECT id, lead_id, status, course_id,
            CASE WHEN answers->>'residency' IN ('local', 'international') THEN answers->>'residency' END AS residency
       FROM applications WHERE lower(email) = lower($1) ORDER BY created_at DESC LIMIT 1${lock ? ' FOR UPDATE' : ''}`,
    [email],
  );
  return rows[0] ?? null;
}

/** The item, when the application may take a document for it; else NotFound or Conflict. */
export async function uploadableItem(db: Queryable, application: ApplicantApplicationRef | null, itemId: string): Promise<ChecklistItem> {
  if (!application) throw new NotFound(NO_APPLICATION_MESSAGE);
  const items = application.course_id ? await checklistFor(db, application.course_id, application.residency) : [];
  const item = items.find((entry) => entry._id === itemId);
  if (!item) throw new NotFound(NOT_ON_CHECKLIST_MESSAGE);
  if (!OPEN_STATUSES.includes(application.status)) throw new Conflict(DOCUMENTS_CLOSED_MESSAGE);
  return item;
}

export async function storeDocument(
  ctx: AppContext,
  email: string,
  itemId: string,
  fileName: string,
  checked: CheckedDocument,
): Promise<ApplicationDocument> {
  const id = newId();
  const key = newDataKey();
  const sha256 = crypto.createHash('sha256').update(checked.bytes).digest('hex');
  const row = await ctx.db.transaction(async (tx) => {
    // Checked again under the application's lock: a decision may have been released meanwhile.
    const application = await applicationOfEmail(tx, email, true);
    const item = await uploadableItem(tx, application, itemId);
    if (!application) throw new NotFound(NO_APPLICATION_MESSAGE);
    const replaced = await tx.query<{ id: string }>(
      `UPDATE application_documents SET status = 'replaced'
          WHERE application_id = $1 AND item_id = $2 AND status <> 'replaced' RETURNING id`,
      [application.id, itemId],
    );
    const { rows } = await tx.query<DocumentRow>(
      `INSERT INTO application_documents (id, application_id, item_id, file_name, content_type, bytes, sha256, sealed_key)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         RETURNING id, application_id, item_id, file_name, content_type, bytes, sha256, sealed_key, status, return_reason,
                   to_char(uploaded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS uploaded_at`,
      [
        id,
        application.id,
        itemId,
        fileName,
        checked.contentType,
        checked.bytes.length,
        sha256,
        ctx.secrets.seal(key.toString('base64'), documentKeyContext(id)),
      ],
    );
    await dropChunks(
      tx,
      replaced.rows.map((r) => r.id),
    );
    await writeChunks(tx, id, key, checked.bytes);
    await settleStatusAfterDocuments(tx, application.id);
    if (application.status !== 'started') {
      await recordApplicationStep(tx, {
        leadId: application.lead_id,
        applicationId: application.id,
        action: 'document_uploaded',
        text: `Uploaded “${fileName}” for ${item.title}`,
        byUserId: null,
      });
    }
    const inserted = rows[0];
    if (!inserted) throw new Error('the document row was not inserted');
    return inserted;
  });
  return documentAnswer(row);
}
