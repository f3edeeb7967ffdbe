/**
 * The student's money, on the wire (issue 34): payment methods, ledger entries, payment requests,
 * refund bases and obligations, the ledger, and how cents read and what may be collected before a
 * contract. Money is always an integer number of cents, Canadian dollars (O. Reg. 415/06 s. 33).
 * Shared by the server and the CRM; the contract itself: enrolment-contract.ts.
 */
import type { Id } from './wire-basics';

export const PAYMENT_METHODS = [
  { id: 'e_transfer', title: 'Interac e-Transfer' },
  { id: 'card', title: 'Card terminal' },
  { id: 'cheque', title: 'Cheque' },
  { id: 'cash', title: 'Cash' },
  { id: 'third_party', title: 'Third-party funding' },
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]['id'];

export interface LedgerEntry {
  _id: Id;
  kind: 'payment' | 'refund';
  amount_cents: number;
  method: PaymentMethod;
  reference: string | null;
  /** Third-party funding: e.g. "Better Jobs Ontario", "OSAP". */
  funder: string | null;
  receipt_number: number;
  recorded_by: { _id: Id; name: string } | null;
  recorded_at: string;
}

/** POST /api/crm/applications/:id/payments (and refunds): `request_key` makes a repeat record once. */
export interface PaymentRequest {
  request_key: string;
  amount_cents: number;
  method: PaymentMethod;
  reference?: string;
  funder?: string;
}

export const REFUND_BASES = [
  { id: 'cooling_off', title: 'Cancelled within the two-day cooling-off', full: true },
  { id: 'withdrawal', title: 'Withdrawal', full: false },
  { id: 'expulsion', title: 'Expulsion', full: false },
  { id: 'not_commenced', title: 'Did not start the program', full: false },
  { id: 'discontinued', title: 'The college discontinued the program', full: true },
  { id: 'before_contract', title: 'Fees collected before the contract (beyond the service fee)', full: true },
  { id: 'before_approval', title: 'Fees collected before the program was approved', full: true },
  { id: 'unpublished_fee', title: 'A fee missing from, or higher than, the published list', full: true },
] as const;
export type RefundBasis = (typeof REFUND_BASES)[number]['id'];

/** A refund basis's title ("Withdrawal"), for the timeline, the admins' mail and the CRM. */
export const refundBasisTitle = (basis: RefundBasis): string => REFUND_BASES.find((b) => b.id === basis)?.title ?? basis;

export interface RefundObligation {
  _id: Id;
  application_id: Id;
  student: string;
  program: string | null;
  basis: RefundBasis;
  /** The rule it rests on, e.g. "O. Reg. 415/06, s. 25". */
  legal_basis: string;
  /** Null: staff complete it (partial refund, schedule not configured); `earned_fees_cents` helps. */
  amount_cents: number | null;
  earned_fees_cents: number | null;
  paid_cents: number;
  notice_received_at: string;
  due_at: string;
  status: 'open' | 'refunded';
  overdue: boolean;
}

/** The student's money: fees from the contract, what was paid and refunded, and what is owed either way. */
export interface Ledger {
  fees_cents: number;
  paid_cents: number;
  refunded_cents: number;
  /** fees − paid + refunded; negative when the college owes. */
  balance_cents: number;
  /** Before a signed contract: at most this much may be collected. Null once signed. */
  service_fee_cap_cents: number | null;
  entries: LedgerEntry[];
  refunds: RefundObligation[];
}

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
