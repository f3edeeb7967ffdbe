/**
 * The one writer of an application's steps on its lead's timeline (lead_events kind
 * 'application'), called in the transaction of the step itself, and their reading for the
 * timeline. The row keeps a sentence as it read at that moment ("Returned Transcript: the scan
 * is cut off"), so the entry reads the same after the checklist or the program is edited.
 */
import type { Queryable } from '../db/database';
import type { StaffRef, TimelineEntry } from '../../src/crm-contract';
import { APPLICATION_TIMELINE_ACTIONS, type ApplicationTimelineAction } from '../../src/application-contract';

export const APPLICATION_TIMELINE_KIND = 'application';

export interface ApplicationStep {
  leadId: string;
  applicationId: string;
  action: ApplicationTimelineAction;
  /** What happened, in a sentence for the timeline. */
  text: string;
  /** The staff member who acted; null for the applicant. */
  byUserId: string | null;
}

export async function recordApplicationStep(tx: Queryable, step: ApplicationStep): Promise<void> {
  await tx.query(
    `INSERT INTO lead_events (lead_id, kind, actor_id, detail)
     VALUES ($1, $2, $3, jsonb_build_object('action', $4::text, 'application_id', $5::text, 'text', $6::text))`,
    [step.leadId, APPLICATION_TIMELINE_KIND, step.byUserId, step.action, step.applicationId, step.text],
  );
}

const str = (value: unknown) => (typeof value === 'string' ? value : '');

/** The timeline entry of a lead_events row, or null when the row is not an application step. */
export function applicationTimelineEntry(
  kind: string,
  at: string,
  by: StaffRef | null,
  detail: Record<string, unknown>,
): TimelineEntry | null {
  if (kind !== APPLICATION_TIMELINE_KIND) return null;
  const action = APPLICATION_TIMELINE_ACTIONS.find((a) => a === detail.action);
  if (!action) return null;
  return { kind: 'application', at, by, action, application_id: str(detail.application_id), text: str(detail.text) };
}
