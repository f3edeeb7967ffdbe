/**
 * The lead side of an application (issue 33): a person who applies without an inquiry gets a lead
 * made from their personal details (an inquiry through the portal, notified and assigned like any
 * other); a submitted application moves its lead to "Prospective student" (stage 5).
 */
import { parsePhoneNumberWithError } from 'libphonenumber-js/max';
import type { AppContext } from '../context';
import type { Queryable } from '../db/database';
import type { LeadStageId } from '../../src/lookups';
import { recordLeadEvent } from '../timeline/lead-events';
import type { ApplicationAnswers } from '../../src/application-contract';
import { LEAD_EXTRA_FIELDS } from '../../src/lead-extras';
import { newId } from '../auth/tokens';
import { insertLead, type LeadRecord } from '../leads';
import { recordApplicationStep } from './application-events';

export const PROSPECTIVE_STUDENT_STAGE = 5 satisfies LeadStageId;

/** Makes and attaches a lead for an application that has none; the lead's id. */
export async function leadFromApplication(
  ctx: AppContext,
  tx: Queryable,
  applicationId: string,
  email: string,
  answers: ApplicationAnswers,
): Promise<string> {
  const course = answers.course_id ? ctx.catalogue.courseById(answers.course_id) : undefined;
  const record: LeadRecord = {
    id: newId(),
    idempotency_key: `application-${applicationId}`,
    first_name: answers.first_name ?? '',
    last_name: answers.last_name ?? '',
    email,
    phone: parsePhoneNumberWithError(answers.phone ?? '', 'CA').number,
    lead_type: 1,
    address: '',
    source: 1,
    course_id: course?._id ?? null,
    course_type: course?.course_type ?? null,
    location: answers.residency === 'international' ? 2 : 1,
    financial_aid: false,
    ...(Object.fromEntries(LEAD_EXTRA_FIELDS.map((field) => [field, null])) as Record<(typeof LEAD_EXTRA_FIELDS)[number], null>),
    landing_page: `${ctx.config.siteUrl}/apply`,
    created_at: ctx.now().toISOString(),
    origin: null,
  };
  await insertLead(tx, record);
  const { rows } = await tx.query<{ id: string }>('SELECT id FROM leads WHERE idempotency_key = $1', [record.idempotency_key]);
  const leadId = (rows[0]?.id ?? record.id).trim();
  await tx.query('UPDATE applications SET lead_id = $2 WHERE id = $1 AND lead_id IS NULL', [applicationId, leadId]);
  await recordApplicationStep(tx, { leadId, applicationId, action: 'started', text: 'Application started in the portal', byUserId: null });
  return leadId;
}

/** On submission: the lead becomes a prospective student unless it already stands further on. */
export async function markProspectiveStudent(tx: Queryable, leadId: string): Promise<void> {
  const { rows } = await tx.query<{ stage: LeadStageId }>('SELECT stage FROM leads WHERE id = $1 FOR UPDATE', [leadId]);
  const from = rows[0]?.stage;
  if (from === undefined || from === PROSPECTIVE_STUDENT_STAGE || from === 6 || from === 7) return;
  await tx.query('UPDATE leads SET stage = $2, updated_at = now(), version = version + 1 WHERE id = $1', [
    leadId,
    PROSPECTIVE_STUDENT_STAGE,
  ]);
  await recordLeadEvent(tx, { kind: 'stage', leadId, actorId: null, detail: { from, to: PROSPECTIVE_STUDENT_STAGE } });
}
