/**
 * What anonymising a person (server/privacy/anonymise.ts) does to their applications beyond the
 * registry's overwrites (issue 33), in the anonymising transaction: their documents are deleted
 * (their encrypted bytes go with them, by cascade) and their portal sessions and unused links end.
 */
import type { Queryable } from '../db/database';

/** Returns how many documents were deleted. */
export async function forgetApplicant(tx: Queryable, email: string): Promise<number> {
  await tx.query('UPDATE applicant_sessions SET revoked_at = now() WHERE lower(email) = $1 AND revoked_at IS NULL', [email]);
  await tx.query('UPDATE applicant_links SET used_at = now() WHERE lower(email) = $1 AND used_at IS NULL', [email]);
  const deleted = await tx.query(
    'DELETE FROM application_documents WHERE application_id IN (SELECT id FROM applications WHERE lower(email) = $1)',
    [email],
  );
  return deleted.rowCount ?? 0;
}
