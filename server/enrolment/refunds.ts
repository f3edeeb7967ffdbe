/**
 * Refund obligations (issue 34): created by a cooling-off cancellation (contract-cancel.ts calls
 * createRefundObligation in its own transaction) or by staff recording a written notice
 * (withdrawal, expulsion, a discontinued program…), each due 30 days after the notice
 * (O. Reg. 415/06); then recorded as paid, with a refund receipt by the same path as payments.
 */
import { z } from 'zod';
import type { AppContext } from '../context';
import type { Queryable } from '../db/database';
import { formatCents, REFUND_BASES, type RefundBasis, refundBasisTitle } from '../../src/ledger-contract';
import { Conflict, invalidField, NotFound } from '../domain-errors';
import { recordAudit, type AuditWho } from '../audit/audit-log';
import { newId } from '../auth/tokens';
import { recordApplicationStep } from '../applications/application-events';
import { visibleApplication, type ApplicationView } from '../applications/staff-visibility';
import { formatTorontoDate } from '../../src/enrolment-time';
import { refundAmount } from './refund-amounts';
import { moneyState } from './ledger';
import { insertEntry, repeatedEntry, type NewEntry, type PaymentInput } from './payment-input';
import { mailReceipt } from './receipts';
import type { Recorded } from './payments';

export { refundsList } from './refund-rows';

export const REFUND_DUE_DAYS = 30;
const DAY_MS = 86_400_000;
export const REFUND_NOT_FOUND_MESSAGE = 'There is no refund with this id.';
export const ALREADY_REFUNDED_MESSAGE = 'This refund has already been recorded in full.';
export const BASIS_MESSAGE = 'Please choose what the notice is about.';
export const NOTICE_DATE_MESSAGE = 'Please give the date and time the written notice was received (not in the future).';
const NOTE_MESSAGE = 'The note may be at most 2,000 characters.';

export interface NewRefundObligation {
  applicationId: string;
  contractId: string | null;
  basis: RefundBasis;
  noticeReceivedAt: Date;
  createdBy: string | null;
  note?: string;
}

/** Creates the obligation in the caller's transaction (its amount, legal basis and due date) and puts it on the timeline. */
export async function createRefundObligation(tx: Queryable, input: NewRefundObligation): Promise<string> {
  const amount = await refundAmount(tx, input);
  const id = newId();
  const dueAt = new Date(input.noticeReceivedAt.getTime() + REFUND_DUE_DAYS * DAY_MS);
  const { rows } = await tx.query<{ lead_id: string }>(
    `WITH created AS (
       INSERT INTO refund_obligations (id, application_id, contract_id, basis, legal_basis, amount_cents, earned_fees_cents,
                                       notice_received_at, due_at, note, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING application_id)
     SELECT a.lead_id FROM created JOIN applications a ON a.id = created.application_id`,
    [
      id,
      input.applicationId,
      input.contractId,
      input.basis,
      amount.legalBasis,
      amount.amountCents,
      amount.earnedFeesCents,
      input.noticeReceivedAt,
      dueAt,
      input.note ?? null,
      input.createdBy,
    ],
  );
  const leadId = rows[0]?.lead_id.trim();
  if (!leadId) throw new Error(`application ${input.applicationId} has no lead`);
  const owed = amount.amountCents === null ? 'amount to be completed by staff' : formatCents(amount.amountCents);
  await recordApplicationStep(tx, {
    leadId,
    applicationId: input.applicationId,
    action: 'refund_due',
    text: `Refund due by ${formatTorontoDate(dueAt)}: ${refundBasisTitle(input.basis)} (${owed})`,
    byUserId: input.createdBy,
  });
  return id;
}

export const refundNoticeSchema = z.object({
  basis: z.literal(
    REFUND_BASES.map((b): RefundBasis => b.id).filter((b) => b !== 'cooling_off'),
    { error: BASIS_MESSAGE },
  ),
  notice_received_at: z.iso.datetime({ offset: true, error: NOTICE_DATE_MESSAGE }),
  note: z.string({ error: NOTE_MESSAGE }).trim().max(2000, { error: NOTE_MESSAGE }).optional(),
});
export type RefundNoticeInput = z.output<typeof refundNoticeSchema>;

/** Staff record a written notice (a cooling-off cancellation is recorded on the contract instead). */
export async function refundNotice(
  ctx: Pick<AppContext, 'db' | 'now'>,
  view: ApplicationView,
  applicationId: string,
  body: RefundNoticeInput,
  who: AuditWho,
): Promise<string> {
  const noticeReceivedAt = new Date(body.notice_received_at);
  // A minute of room for a clock that runs a little ahead in the browser.
  if (noticeReceivedAt.getTime() > ctx.now().getTime() + 60_000) throw invalidField('notice_received_at', NOTICE_DATE_MESSAGE);
  return ctx.db.transaction(async (tx) => {
    await visibleApplication(tx, view, applicationId, true);
    const { latest } = await moneyState(tx, applicationId);
    const id = await createRefundObligation(tx, {
      applicationId,
      contractId: latest?.id ?? null,
      basis: body.basis,
      noticeReceivedAt,
      createdBy: who.actorId,
      ...(body.note ? { note: body.note } : {}),
    });
    await recordAudit(tx, {
      ...who,
      action: 'enrolment.refund_notice_recorded',
      details: { application_id: applicationId, refund_id: id, basis: body.basis },
    });
    return id;
  });
}

interface ObligationRow {
  application_id: string;
  contract_id: string | null;
  amount_cents: number | null;
  paid_cents: number;
  status: 'open' | 'refunded';
}

/** Records the refund's payment to the student; answers the application it belongs to. */
export async function recordRefund(
  ctx: Pick<AppContext, 'db' | 'mailer' | 'config'>,
  view: ApplicationView,
  refundId: string,
  request: PaymentInput,
  who: AuditWho,
): Promise<Recorded & { applicationId: string }> {
  if (!/^[0-9a-f]{24}$/.test(refundId)) throw new NotFound(REFUND_NOT_FOUND_MESSAGE);
  const recorded = await ctx.db.transaction(async (tx) => {
    const found = await tx.query<{ application_id: string }>('SELECT application_id FROM refund_obligations WHERE id = $1', [refundId]);
    const applicationId = found.rows[0]?.application_id.trim();
    if (!applicationId) throw new NotFound(REFUND_NOT_FOUND_MESSAGE);
    // The application first, as a payment locks it: one order of locks, no deadlock.
    const application = await visibleApplication(tx, view, applicationId, true).catch((caught: unknown) => {
      throw caught instanceof NotFound ? new NotFound(REFUND_NOT_FOUND_MESSAGE) : caught;
    });
    const { rows } = await tx.query<ObligationRow>(
      'SELECT application_id, contract_id, amount_cents, paid_cents, status FROM refund_obligations WHERE id = $1 FOR UPDATE',
      [refundId],
    );
    const obligation = rows[0];
    if (!obligation) throw new NotFound(REFUND_NOT_FOUND_MESSAGE);
    const entry: NewEntry = {
      applicationId,
      contractId: obligation.contract_id?.trim() ?? null,
      refundId,
      kind: 'refund',
      input: request,
      recordedBy: who.actorId,
    };
    const earlier = await repeatedEntry(tx, entry);
    if (earlier) return { entryId: earlier.id, created: false, applicationId };
    if (obligation.status === 'refunded') throw new Conflict(ALREADY_REFUNDED_MESSAGE);
    await checkRefundAmount(tx, applicationId, obligation, request.amount_cents);
    const stored = await insertEntry(tx, entry);
    if (!stored) throw new Conflict(ALREADY_REFUNDED_MESSAGE);
    const amount = obligation.amount_cents ?? request.amount_cents;
    await tx.query(
      `UPDATE refund_obligations SET amount_cents = $2, paid_cents = paid_cents + $3,
              status = CASE WHEN paid_cents + $3 >= $2 THEN 'refunded' ELSE 'open' END,
              refunded_at = CASE WHEN paid_cents + $3 >= $2 THEN now() ELSE refunded_at END
        WHERE id = $1`,
      [refundId, amount, request.amount_cents],
    );
    await mailReceipt(tx, ctx, stored.id);
    await recordApplicationStep(tx, {
      leadId: application.lead_id,
      applicationId,
      action: 'refund_recorded',
      text: `Refund recorded: ${formatCents(request.amount_cents)}, receipt ${stored.receiptNumber}`,
      byUserId: who.actorId,
    });
    await recordAudit(tx, {
      ...who,
      action: 'enrolment.refund_recorded',
      details: { application_id: applicationId, refund_id: refundId, entry_id: stored.id, amount_cents: request.amount_cents },
    });
    return { entryId: stored.id, created: true, applicationId };
  });
  if (recorded.created) ctx.mailer.kick();
  return recorded;
}

/** The amount must be what is owed; an obligation staff complete may not refund more than the college holds. */
async function checkRefundAmount(tx: Queryable, applicationId: string, obligation: ObligationRow, amountCents: number): Promise<void> {
  if (obligation.amount_cents !== null) {
    const owed = obligation.amount_cents - obligation.paid_cents;
    if (amountCents !== owed) {
      throw invalidField('amount_cents', `The refund owed is ${formatCents(owed)}; please record exactly that amount.`);
    }
    return;
  }
  const state = await moneyState(tx, applicationId);
  const held = state.paidCents - state.refundedCents;
  if (amountCents > held) {
    throw invalidField('amount_cents', `The student has paid ${formatCents(held)} that was not refunded, so at most that can be refunded.`);
  }
}
