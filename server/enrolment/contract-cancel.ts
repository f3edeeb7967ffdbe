/**
 * Cancellation within the two-day cooling-off (issue 34, requirements R-cooling-off): the student
 * cancels from the portal, or staff record a written notice received otherwise (by mail, by hand)
 * with the time it was received. A signed contract may be cancelled before its copy is delivered
 * too (the period has not started). The contract becomes Cancelled and a full refund obligation of
 * everything paid, the application fee included, is created, due in 30 days; the student is told.
 * After the period, leaving is a withdrawal (a refund notice on the ledger), not a cancellation.
 */
import { z } from 'zod';
import type { AppContext } from '../context';
import type { Queryable } from '../db/database';
import { recordAudit, type AuditWho } from '../audit/audit-log';
import { Conflict } from '../domain-errors';
import { recordApplicationStep } from '../applications/application-events';
import { requireApplicationOf } from '../applications/application-store';
import { visibleApplication, type ApplicationView } from '../applications/staff-visibility';
import { formatTorontoDate } from '../../src/enrolment-time';
import { contractById, currentContract, NO_CONTRACT_MESSAGE, type ContractRow } from './contract-store';
import { withinCoolingOff } from './cooling-off';
import { createRefundObligation } from './refunds';
import { cancellationMail } from './contract-mails';

export const NOT_CANCELLABLE_MESSAGE = 'This contract cannot be cancelled: it is not signed, or it is already cancelled or final.';
export const PERIOD_OVER_MESSAGE =
  'The two-day cooling-off period has ended. To leave the program, send the college a written withdrawal notice.';

export const staffCancelSchema = z.object({
  received_at: z.iso.datetime({ offset: true, error: 'Please give the date and time the notice was received.' }),
  note: z.string().trim().max(2000, 'Please write at most 2,000 characters.').optional(),
});

async function cancel(
  tx: Queryable,
  ctx: AppContext,
  contract: ContractRow,
  notice: { receivedAt: Date; byUserId: string | null; how: string },
): Promise<void> {
  if (contract.status !== 'signed' && contract.status !== 'countersigned') throw new Conflict(NOT_CANCELLABLE_MESSAGE);
  if (!withinCoolingOff(contract.cooling_off_ends_at, notice.receivedAt)) throw new Conflict(PERIOD_OVER_MESSAGE);
  await tx.query(
    `UPDATE contracts SET status = 'cancelled', cancelled_at = $2, cancel_basis = 'cooling_off', cancelled_by = $3 WHERE id = $1`,
    [contract.id, notice.receivedAt, notice.byUserId],
  );
  const refundId = await createRefundObligation(tx, {
    applicationId: contract.application_id,
    contractId: contract.id,
    basis: 'cooling_off',
    noticeReceivedAt: notice.receivedAt,
    createdBy: notice.byUserId,
  });
  const { rows } = await tx.query<{ amount_cents: number | null; due_at: Date; email: string }>(
    `SELECT r.amount_cents, r.due_at, a.email FROM refund_obligations r JOIN applications a ON a.id = r.application_id WHERE r.id = $1`,
    [refundId],
  );
  const refund = rows[0];
  await recordApplicationStep(tx, {
    leadId: contract.lead_id,
    applicationId: contract.application_id,
    action: 'contract_cancelled',
    text: `Contract version ${contract.version} cancelled within the cooling-off (${notice.how})${refund ? `; full refund due by ${formatTorontoDate(refund.due_at)}` : ''}`,
    byUserId: notice.byUserId,
  });
  if (refund) {
    await ctx.mailer.enqueue(
      tx,
      cancellationMail({
        to: refund.email,
        program: contract.terms.program.approved_name,
        refundCents: refund.amount_cents ?? 0,
        dueAt: refund.due_at,
      }),
    );
  }
}

/** The student's own cancellation from the portal, at the server's time. */
export async function cancelAsStudent(tx: Queryable, ctx: AppContext, email: string, contractId: string): Promise<void> {
  const application = await requireApplicationOf(tx, email, true);
  const contract = await contractById(tx, contractId, true);
  if (contract.application_id !== application.id) throw new Conflict(NO_CONTRACT_MESSAGE);
  await cancel(tx, ctx, contract, { receivedAt: ctx.now(), byUserId: null, how: 'by the student in the portal' });
}

/** A written notice staff received otherwise, at the time they received it (not in the future). */
export async function recordCancellationNotice(
  tx: Queryable,
  ctx: AppContext,
  view: ApplicationView,
  contractId: string,
  body: z.infer<typeof staffCancelSchema>,
  who: AuditWho,
): Promise<void> {
  const contract = await contractById(tx, contractId, true);
  await visibleApplication(tx, view, contract.application_id, true);
  const current = await currentContract(tx, contract.application_id);
  if (current?.id !== contract.id) throw new Conflict(NOT_CANCELLABLE_MESSAGE);
  const receivedAt = new Date(Math.min(new Date(body.received_at).getTime(), ctx.now().getTime()));
  await cancel(tx, ctx, contract, { receivedAt, byUserId: view.userId, how: 'written notice recorded by staff' });
  await recordAudit(tx, {
    ...who,
    action: 'enrolment.contract_cancelled',
    details: { contract_id: contract.id, received_at: receivedAt.toISOString(), ...(body.note ? { note: body.note } : {}) },
  });
}
