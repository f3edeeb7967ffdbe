/**
 * The student's money, on the wire (issue 34): payment methods, ledger entries, payment requests,
 * refund bases and obligations, the ledger, and how cents read and what may be collected before a
 * contract. Money is always an integer number of cents, Canadian dollars (O. Reg. 415/06 s. 33).
 * Shared by the server and the CRM; the contract itself: enrolment-contract.ts.
 */
import { REFUND_BASES, type PaymentMethod, type RefundBasis } from './ledger-kinds';

export { PAYMENT_METHODS, REFUND_BASES, type PaymentMethod, type RefundBasis } from './ledger-kinds';
// The answers are zod schemas (src/ledger-schemas.ts, server-only values); their types come from there.
export type { Ledger, LedgerEntry, RefundList, RefundObligation } from './ledger-schemas';

/** POST /api/crm/applications/:id/payments (and refunds): `request_key` makes a repeat record once. */
export interface PaymentRequest {
  request_key: string;
  amount_cents: number;
  method: PaymentMethod;
  reference?: string;
  funder?: string;
}

/** A refund basis's title ("Withdrawal"), for the timeline, the admins' mail and the CRM. */
export const refundBasisTitle = (basis: RefundBasis): string => REFUND_BASES.find((b) => b.id === basis)?.title ?? basis;

/** "$1,234.56" from cents. */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const dollars = Math.floor(abs / 100).toLocaleString('en-CA');
  return `${sign}$${dollars}.${String(abs % 100).padStart(2, '0')}`;
}

/** The service fee cap of O. Reg. 415/06: the lower of 20 % of the program's fees and $500. */
export function serviceFeeCapCents(totalFeesCents: number): number {
  return Math.min(Math.floor(totalFeesCents / 5), 50_000);
}
