/**
 * How money moves and why it goes back (issue 34): the payment methods and the refund bases, values
 * the browser uses too. Their own module so that the answers' schemas (src/ledger-schemas.ts,
 * server-only) and the browser's contract (src/ledger-contract.ts, which re-exports them) share one
 * list without importing each other.
 */
export const PAYMENT_METHODS = [
  { id: 'e_transfer', title: 'Interac e-Transfer' },
  { id: 'card', title: 'Card terminal' },
  { id: 'cheque', title: 'Cheque' },
  { id: 'cash', title: 'Cash' },
  { id: 'third_party', title: 'Third-party funding' },
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]['id'];

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
