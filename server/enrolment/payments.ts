/**
 * Staff record a payment (issue 34), in one transaction: the application row locked first, so
 * concurrent posts (a double click, a retry, two tabs) are taken one after another; the request
 * key makes a repeat answer the entry already recorded (a different amount under the same key is a
 * 409); before the student signed the contract no payment may take what was collected past the
 * service-fee cap of O. Reg. 415/06; the entry gets the next receipt number and its receipt is
 * e-mailed with the PDF attached; the payment is on the lead's timeline and in the audit log.
 */
import type { AppContext } from '../context';
import { formatCents } from '../../src/ledger-contract';
import { invalidField } from '../domain-errors';
import { recordAudit, type AuditWho } from '../audit/audit-log';
import { recordApplicationStep } from '../applications/application-events';
import { visibleApplication, type ApplicationView } from '../applications/staff-visibility';
import { moneyState } from './ledger';
import { insertEntry, methodTitle, repeatedEntry, type NewEntry, type PaymentInput } from './payment-input';
import { mailReceipt } from './receipts';

/** The refusal before a signed contract, citing the rule. */
export function capMessage(capCents: number, collectedCents: number): string {
  const room = Math.max(0, capCents - collectedCents);
  return (
    `Before the enrolment contract is signed, the college may collect only a service fee of at most ${formatCents(capCents)} ` +
    `(20 % of the program's fees or $500, whichever is lower: Ontario Regulation 415/06). ` +
    `${formatCents(collectedCents)} has been collected, so at most ${formatCents(room)} more can be recorded until the student signs.`
  );
}

export interface Recorded {
  entryId: string;
  /** False when the request key had already been recorded (nothing new was written or mailed). */
  created: boolean;
}

export async function recordPayment(
  ctx: Pick<AppContext, 'db' | 'mailer' | 'config'>,
  view: ApplicationView,
  applicationId: string,
  request: PaymentInput,
  who: AuditWho,
): Promise<Recorded> {
  const recorded = await ctx.db.transaction(async (tx): Promise<Recorded> => {
    const application = await visibleApplication(tx, view, applicationId, true);
    const state = await moneyState(tx, applicationId);
    const entry: NewEntry = {
      applicationId,
      contractId: state.live?.signed_at ? state.live.id : null,
      refundId: null,
      kind: 'payment',
      input: request,
      recordedBy: who.actorId,
    };
    const earlier = await repeatedEntry(tx, entry);
    if (earlier) return { entryId: earlier.id, created: false };
    if (state.capCents !== null) {
      const collected = state.paidCents - state.refundedCents;
      if (collected + request.amount_cents > state.capCents) throw invalidField('amount_cents', capMessage(state.capCents, collected));
    }
    const stored = await insertEntry(tx, entry);
    if (!stored) {
      // Another request stored this key between our read and insert (its application differs, or it was not locked).
      const winner = await repeatedEntry(tx, entry);
      if (!winner) throw new Error('a ledger entry vanished while read');
      return { entryId: winner.id, created: false };
    }
    await mailReceipt(tx, ctx, stored.id);
    const how =
      request.method === 'third_party' && request.funder
        ? `${methodTitle(request.method)}: ${request.funder}`
        : methodTitle(request.method);
    await recordApplicationStep(tx, {
      leadId: application.lead_id,
      applicationId,
      action: 'payment_recorded',
      text: `Payment recorded: ${formatCents(request.amount_cents)} (${how}), receipt ${stored.receiptNumber}`,
      byUserId: who.actorId,
    });
    await recordAudit(tx, {
      ...who,
      action: 'enrolment.payment_recorded',
      details: {
        application_id: applicationId,
        entry_id: stored.id,
        amount_cents: request.amount_cents,
        method: request.method,
        receipt_number: stored.receiptNumber,
      },
    });
    return { entryId: stored.id, created: true };
  });
  if (recorded.created) ctx.mailer.kick();
  return recorded;
}
