/**
 * Applicants' documents in the database (issue 33) and their encrypted bytes (document-chunks.ts):
 * the current documents of an application and one document's decrypted bytes. A row's data key is
 * sealed with the product's secrets key, bound to the document's id ('document:<id>').
 */
import type { AppContext } from '../context';
import type { Queryable } from '../db/database';
import type { ApplicationDocument } from '../../src/application-contract';
import { NotFound } from '../domain-errors';
import { DocumentUnreadable, readChunks } from './document-chunks';

export const DOCUMENT_NOT_FOUND = 'There is no such document.';

export const documentKeyContext = (documentId: string) => `document:${documentId}`;

export interface DocumentRow {
  id: string;
  application_id: string;
  item_id: string;
  file_name: string;
  content_type: ApplicationDocument['content_type'];
  bytes: number;
  sha256: string;
  sealed_key: string;
  status: ApplicationDocument['status'] | 'replaced';
  return_reason: string | null;
  uploaded_at: string;
}

const COLUMNS = `id, application_id, item_id, file_name, content_type, bytes, sha256, sealed_key, status, return_reason,
  to_char(uploaded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS uploaded_at`;

export function documentAnswer(row: DocumentRow): ApplicationDocument {
  return {
    _id: row.id,
    item_id: row.item_id,
    file_name: row.file_name,
    content_type: row.content_type,
    bytes: row.bytes,
    status: row.status === 'replaced' ? 'uploaded' : row.status,
    return_reason: row.return_reason,
    uploaded_at: row.uploaded_at,
  };
}

/** The current document of each item (returned ones included, so their reason shows), oldest item first. */
export async function documentsOf(db: Queryable, applicationId: string): Promise<ApplicationDocument[]> {
  const { rows } = await db.query<DocumentRow>(
    `SELECT ${COLUMNS} FROM application_documents WHERE application_id = $1 AND status <> 'replaced' ORDER BY uploaded_at, id`,
    [applicationId],
  );
  return rows.map(documentAnswer);
}

/** A current document's row, or null. */
export async function findDocument(db: Queryable, documentId: string): Promise<DocumentRow | null> {
  const { rows } = await db.query<DocumentRow>(`SELECT ${COLUMNS} FROM application_documents WHERE id = $1 AND status <> 'replaced'`, [
    documentId,
  ]);
  return rows[0] ?? null;
}

/** A current document's row and its decrypted bytes; NotFound when there is no such document (or its bytes do not open). */
export async function readDocument(ctx: AppContext, documentId: string): Promise<{ row: DocumentRow; bytes: Buffer }> {
  const row = /^[0-9a-f]{24}$/.test(documentId) ? await findDocument(ctx.db.pool, documentId) : null;
  if (!row) throw new NotFound(DOCUMENT_NOT_FOUND);
  const key = Buffer.from(ctx.secrets.open(row.sealed_key, documentKeyContext(row.id)), 'base64');
  try {
    return { row, bytes: await readChunks(ctx.db.pool, row.id, key, row.bytes) };
  } catch (error) {
    if (error instanceof DocumentUnreadable) throw new NotFound(DOCUMENT_NOT_FOUND);
    throw error;
  }
}
