/** Staff's internal notes on an application (issue 33): never shown to the applicant; each one audited. */
import { z } from 'zod';
import type { Queryable } from '../db/database';
import { recordAudit, type AuditWho } from '../audit/audit-log';
import { visibleApplication, type ApplicationView } from './staff-visibility';

export const NOTE_MESSAGE = 'Please write the note (at most 4,000 characters).';

export const noteSchema = z.object(
  { text: z.string({ error: NOTE_MESSAGE }).trim().min(1, { error: NOTE_MESSAGE }).max(4000, { error: NOTE_MESSAGE }) },
  { error: NOTE_MESSAGE },
);

export async function addNote(tx: Queryable, view: ApplicationView, applicationId: string, text: string, who: AuditWho): Promise<void> {
  await visibleApplication(tx, view, applicationId);
  const { rows } = await tx.query<{ id: string }>(
    'INSERT INTO application_notes (application_id, author_id, text) VALUES ($1, $2, $3) RETURNING id::text AS id',
    [applicationId, who.actorId, text],
  );
  // The note's words stay out of the audit log (internal, possibly personal): its id says which.
  await recordAudit(tx, { ...who, action: 'application.note_added', details: { application_id: applicationId, note_id: rows[0]?.id } });
}
