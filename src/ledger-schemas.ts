/**
 * The student's money on the wire (issue 34), written once as zod schemas: ledger entries, refund
 * obligations and the ledger. The wire types of src/ledger-contract.ts are inferred from them, and
 * server/enrolment/answers.ts names them as the routes' answers and the API description's
 * components. Money is always an integer number of cents, Canadian dollars (O. Reg. 415/06 s. 33).
 * Browser code imports only the types (through ledger-contract.ts), so zod stays out of its bundles.
 */
import { z } from 'zod';
import { idSchema, instantSchema, staffRefInlineSchema } from './wire-schemas';
import { PAYMENT_METHODS, REFUND_BASES, type PaymentMethod, type RefundBasis } from './ledger-kinds';

const cents = z.number().int();

const paymentMethodSchema = z.literal(PAYMENT_METHODS.map((m): PaymentMethod => m.id));
const refundBasisSchema = z.literal(REFUND_BASES.map((b): RefundBasis => b.id));

export const ledgerEntrySchema = z.object({
  _id: idSchema,
  kind: z.enum(['payment', 'refund']),
  amount_cents: cents,
  method: paymentMethodSchema,
  reference: z.string().nullable(),
  /** Third-party funding: e.g. "Better Jobs Ontario", "OSAP". */
  funder: z.string().nullable(),
  receipt_number: z.number().int(),
  recorded_by: staffRefInlineSchema.nullable(),
  recorded_at: instantSchema,
});

export const refundObligationSchema = z.object({
  _id: idSchema,
  application_id: idSchema,
  student: z.string(),
  program: z.string().nullable(),
  basis: refundBasisSchema,
  /** The rule it rests on, e.g. "O. Reg. 415/06, s. 25". */
  legal_basis: z.string(),
  /** Null: staff complete it (partial refund, schedule not configured); `earned_fees_cents` helps. */
  amount_cents: cents.nullable(),
  earned_fees_cents: cents.nullable(),
  paid_cents: cents,
  notice_received_at: instantSchema,
  due_at: instantSchema,
  status: z.enum(['open', 'refunded']),
  overdue: z.boolean(),
});

/** The student's money: fees from the contract, what was paid and refunded, and what is owed either way. */
export const ledgerSchema = z.object({
  fees_cents: cents,
  paid_cents: cents,
  refunded_cents: cents,
  /** fees − paid + refunded; negative when the college owes. */
  balance_cents: cents,
  /** Before a signed contract: at most this much may be collected. Null once signed. */
  service_fee_cap_cents: cents.nullable(),
  entries: z.array(ledgerEntrySchema),
  refunds: z.array(refundObligationSchema),
});

/** GET /api/crm/refunds: the refunds owed. */
export const refundListSchema = z.object({ refunds: z.array(refundObligationSchema) });

export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;
export type RefundObligation = z.infer<typeof refundObligationSchema>;
export type Ledger = z.infer<typeof ledgerSchema>;
export type RefundList = z.infer<typeof refundListSchema>;
