/** The answer shapes of the ledger, receipts and refunds (issue 34), for the API description. */
import { z } from 'zod';
import {
  PAYMENT_METHODS,
  REFUND_BASES,
  type Ledger,
  type PaymentMethod,
  type RefundBasis,
  type RefundObligation,
} from '../../src/ledger-contract';
import { answerComponents, answerSchema, idSchema, instantSchema } from '../openapi/answer-schema';
import { fileAnswer } from '../openapi/registry';

const method = z.literal(PAYMENT_METHODS.map((m): PaymentMethod => m.id));
const basis = z.literal(REFUND_BASES.map((b): RefundBasis => b.id));

export const refundObligationAnswer = answerSchema<RefundObligation>()(
  'RefundObligation',
  z.object({
    _id: idSchema,
    application_id: idSchema,
    student: z.string(),
    program: z.string().nullable(),
    basis,
    legal_basis: z.string(),
    amount_cents: z.number().int().nullable(),
    earned_fees_cents: z.number().int().nullable(),
    paid_cents: z.number().int(),
    notice_received_at: instantSchema,
    due_at: instantSchema,
    status: z.enum(['open', 'refunded']),
    overdue: z.boolean(),
  }),
);

export const ledgerAnswer = answerSchema<Ledger>()(
  'Ledger',
  z.object({
    fees_cents: z.number().int(),
    paid_cents: z.number().int(),
    refunded_cents: z.number().int(),
    balance_cents: z.number().int(),
    service_fee_cap_cents: z.number().int().nullable(),
    entries: z.array(
      z.object({
        _id: idSchema,
        kind: z.enum(['payment', 'refund']),
        amount_cents: z.number().int(),
        method,
        reference: z.string().nullable(),
        funder: z.string().nullable(),
        receipt_number: z.number().int(),
        recorded_by: z.object({ _id: idSchema, name: z.string() }).nullable(),
        recorded_at: instantSchema,
      }),
    ),
    refunds: z.array(refundObligationAnswer),
  }),
);

export const refundListAnswer = answerSchema<{ refunds: RefundObligation[] }>()(
  'RefundList',
  z.object({ refunds: z.array(refundObligationAnswer) }),
);

const receiptBytes = z.string();
answerComponents.add(receiptBytes, { id: 'ReceiptFile', description: 'A numbered receipt of a payment or a refund (PDF).' });
export const receiptFileAnswer = fileAnswer(receiptBytes, 'application/pdf', 'The receipt as a PDF, inline, never cached.');
