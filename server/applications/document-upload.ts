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
import type { ApplicationDocument, ChecklistItem } from '../../src/application-contract';
import { Conflict, NotFound } from '../domain-errors';
import { newId } from '../auth/tokens';
import { recordApplicationStep } from './application-events';
import { requireApplicationOf, type ApplicationRow } from './application-store';
import { settleStatusAfterDocuments } from './application-status';
import { checklistFor } from './checklist-store';
import { dropChunks, newDataKey, writeChunks } from './document-chunks';
import { documentAnswer, documentKeyContext, type DocumentRow } from './document-store';
import type { CheckedDocument } from './document-check';

export const NOT_ON_CHECKLIST_MESSAGE = 'This document is not on your checklist. Please reload the page and try again.';
export const DOCUMENTS_CLOSED_MESSAGE = 'A decision on your application has been released, so its documents can no longer be changed.';

/** While documents may change. */
const OPEN_STATUSES = ['started', 'submitted', 'missing_items', 'under_review'];

/** The item, when the application may take a document for it; else NotFound or Conflict. */
export async function uploadableItem(db: Queryable, application: ApplicationRow, itemId: string): Promise<ChecklistItem> {
  const items = application.course_id ? await checklistFor(db, application.course_id, application.answers.residency ?? null) : [];
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
    const application = await requireApplicationOf(tx, email, true);
    const item = await uploadableItem(tx, application, itemId);
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
    // A submitted application always has its lead.
    if (application.status !== 'started' && application.lead_id) {
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
