/**
 * An application's status after its documents change (issue 33). A returned document moves a
 * submitted application to "Missing items"; once every returned item has a new upload it moves to
 * "Under review". Started applications and released decisions are not moved by documents.
 */
import type { Queryable } from '../db/database';
import type { ApplicationStatus } from '../../src/application-contract';

/** Call in the transaction that changed a document's status or added one; returns the new status. */
export async function settleStatusAfterDocuments(tx: Queryable, applicationId: string): Promise<string | null> {
  const { rows } = await tx.query<{ status: string }>(
    `UPDATE applications a SET
        status = CASE WHEN EXISTS (SELECT 1 FROM application_documents d
                                    WHERE d.application_id = a.id AND d.status = 'returned')
                      THEN 'missing_items'
                      WHEN a.status = 'missing_items' THEN 'under_review'
                      ELSE a.status END,
        updated_at = now(), version = a.version + 1
      WHERE a.id = $1 AND a.status IN ('submitted', 'missing_items', 'under_review')
     RETURNING a.status`,
    [applicationId],
  );
  return rows[0]?.status ?? null;
}

/** The status shown: the applicant's answer, once given, stands for "Decision released". */
export function shownStatus(row: { status: string; answer: string | null }): ApplicationStatus {
  return (row.answer ?? row.status) as ApplicationStatus;
}
