/**
 * The data keys of applicants' documents under a rotation of the secrets key (issue 33): each
 * row's sealed key is opened with whichever key sealed it and sealed again with the current one
 * (seal-at-rest.ts calls this at start and in `npm run rotate-secrets`). The files themselves are
 * untouched: they are encrypted with their own data key, which does not change.
 */
import type { Queryable } from '../db/database';
import type { SecretBox } from '../secrets/secret-box';
import { documentKeyContext } from './document-store';

export async function resealDocumentKeys(db: Queryable, box: SecretBox): Promise<{ sealed: number; unreadable: number }> {
  const { rows } = await db.query<{ id: string; sealed_key: string }>(
    'SELECT id, sealed_key FROM application_documents WHERE sealed_key NOT LIKE $1',
    [`enc1:${box.keyId}:%`],
  );
  let sealed = 0;
  let unreadable = 0;
  for (const row of rows) {
    let again: string;
    try {
      again = box.reseal(row.sealed_key, documentKeyContext(row.id));
    } catch {
      unreadable += 1;
      continue;
    }
    // Only if unchanged meanwhile (another instance rotating at the same start).
    const result = await db.query('UPDATE application_documents SET sealed_key = $2 WHERE id = $1 AND sealed_key = $3', [
      row.id,
      again,
      row.sealed_key,
    ]);
    sealed += result.rowCount ?? 0;
  }
  return { sealed, unreadable };
}
