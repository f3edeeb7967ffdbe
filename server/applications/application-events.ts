/**
 * An application's steps on its lead's timeline (lead_events kind 'application'), written through
 * the timeline's one writer in the transaction of the step itself, and their reading for the
 * timeline. The row keeps a sentence as it read at that moment ("Returned Transcript: the scan
 * is cut off"), so the entry reads the same after the checklist or the program is edited.
 */
import type { Queryable } from '../db/database';
import { APPLICATION_TIMELINE_ACTIONS, type ApplicationTimelineAction } from '../../src/application-contract';
import { recordLeadEvent, type LeadEventKind } from '../timeline/lead-events';
import { str, type Renderer } from '../timeline/renderer';

export const APPLICATION_TIMELINE_KIND = 'application' satisfies LeadEventKind;

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
  await recordLeadEvent(tx, {
    kind: APPLICATION_TIMELINE_KIND,
    leadId: step.leadId,
    actorId: step.byUserId,
    detail: { action: step.action, application_id: step.applicationId, text: step.text },
  });
}

/** The timeline entry of an application step (server/timeline/render.ts); none for an action it does not know. */
export const applicationEntry: Renderer<'application'> = ({ at, by, detail }) => {
  const action = APPLICATION_TIMELINE_ACTIONS.find((a) => a === detail.action);
  if (!action) return null;
  return { kind: 'application', at, by, action, application_id: str(detail.application_id), text: str(detail.text) };
};
