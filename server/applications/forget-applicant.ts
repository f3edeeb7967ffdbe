/**
 * What anonymising a person (server/privacy/anonymise.ts) does to their applications beyond the
 * registry's overwrites (issue 33): their documents are deleted, rows in the transaction and the
 * encrypted files once it has committed, and their portal sessions and unused links end.
 */
import type { Queryable } from '../db/database';
import { documentsDir, removeFile } from './document-files';

/** In the anonymising transaction: the ids of the documents deleted, whose files go after commit. */
export async function forgetApplicant(tx: Queryable, email: string): Promise<string[]> {
  await tx.query('UPDATE applicant_sessions SET revoked_at = now() WHERE lower(email) = $1 AND revoked_at IS NULL', [email]);
  await tx.query('UPDATE applicant_links SET used_at = now() WHERE lower(email) = $1 AND used_at IS NULL', [email]);
  const { rows } = await tx.query<{ id: string }>(
    `DELETE FROM application_documents WHERE application_id IN (SELECT id FROM applications WHERE lower(email) = $1) RETURNING id`,
    [email],
  );
  return rows.map((row) => row.id.trim());
}

/** After commit. A file left behind by a crash here has no row, so the orphan sweep removes it. */
export async function removeForgottenFiles(dataDir: string, documentIds: string[]): Promise<void> {
  const dir = documentsDir(dataDir);
  for (const id of documentIds) await removeFile(dir, id);
}
