/**
 * What time does to a countersigned contract (issue 34): once its copy reaches the student's mail
 * server, the delivery is recorded and the two-day cooling-off starts; once that has passed
 * without a cancellation, the student is enrolled and the lead becomes a "Current Student"
 * (stage 6). Both steps are single UPDATEs guarded by the state they change, so a pass run twice
 * (two instances, a retried job) records each once.
 */
import type { Queryable } from '../db/database';
import type { LeadStageId } from '../../src/lookups';
import { recordLeadEvent } from '../timeline/lead-events';
import { recordApplicationStep } from '../applications/application-events';
import { coolingOffDeadlineText } from '../../src/enrolment-time';
import { coolingOffEndsAt } from './cooling-off';
import { currentContract, type ContractRow } from './contract-store';

export const CURRENT_STUDENT_STAGE = 6;

/** Records the delivery of copies sent since the last pass (all, or one contract's); how many. */
export async function settleCopyDeliveries(db: Queryable, contractId?: string): Promise<number> {
  const params: unknown[] = [];
  const one = contractId ? `AND c.id = $${params.push(contractId)}` : '';
  const { rows } = await db.query<{ id: string; application_id: string; lead_id: string; sent_at: Date }>(
    `SELECT c.id, c.application_id, c.lead_id, m.sent_at FROM contracts c JOIN mail_queue m ON m.id = c.copy_mail_id
      WHERE c.status = 'countersigned' AND c.copy_delivered_at IS NULL AND m.sent_at IS NOT NULL ${one}`,
    params,
  );
  let settled = 0;
  for (const row of rows) {
    const endsAt = coolingOffEndsAt(row.sent_at);
    const { rowCount } = await db.query(
      `UPDATE contracts SET copy_delivered_at = $2, cooling_off_ends_at = $3 WHERE id = $1 AND copy_delivered_at IS NULL`,
      [row.id, row.sent_at, endsAt],
    );
    if (!rowCount) continue;
    settled += 1;
    await recordApplicationStep(db, {
      leadId: row.lead_id.trim(),
      applicationId: row.application_id.trim(),
      action: 'copy_delivered',
      text: `Copy of the signed contract delivered; the student may cancel until ${coolingOffDeadlineText(endsAt)}`,
      byUserId: null,
    });
  }
  return settled;
}

/** The application's current contract, its copy's delivery recorded first when the mail has gone (so the deadline shows at once). */
export async function settledContract(db: Queryable, applicationId: string): Promise<ContractRow | null> {
  const contract = await currentContract(db, applicationId);
  if (contract?.status !== 'countersigned' || contract.copy_delivered_at) return contract;
  return (await settleCopyDeliveries(db, contract.id)) > 0 ? currentContract(db, applicationId) : contract;
}

/** Enrols the students whose cooling-off ended before `now`; how many. */
export async function enrolDue(db: Queryable, now: Date): Promise<number> {
  const { rows } = await db.query<{ id: string; application_id: string; lead_id: string }>(
    `UPDATE contracts SET status = 'enrolled', enrolled_at = $1
      WHERE status = 'countersigned' AND cooling_off_ends_at <= $1
     RETURNING id, application_id, lead_id`,
    [now],
  );
  for (const row of rows) {
    const leadId = row.lead_id.trim();
    await markCurrentStudent(db, leadId);
    await recordApplicationStep(db, {
      leadId,
      applicationId: row.application_id.trim(),
      action: 'enrolled',
      text: 'Cooling-off period ended without a cancellation: enrolled as a current student',
      byUserId: null,
    });
  }
  return rows.length;
}

async function markCurrentStudent(db: Queryable, leadId: string): Promise<void> {
  const { rows } = await db.query<{ stage: LeadStageId }>('SELECT stage FROM leads WHERE id = $1 FOR UPDATE', [leadId]);
  const from = rows[0]?.stage;
  if (from === undefined || from === CURRENT_STUDENT_STAGE) return;
  await db.query('UPDATE leads SET stage = $2, updated_at = now(), version = version + 1 WHERE id = $1', [leadId, CURRENT_STUDENT_STAGE]);
  await recordLeadEvent(db, { kind: 'stage', leadId, actorId: null, detail: { from, to: CURRENT_STUDENT_STAGE } });
}
