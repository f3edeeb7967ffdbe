/**
 * A payment or refund as staff record it (issue 34): a positive whole number of cents up to
 * $100,000, how it was paid, an optional reference (e-transfer or terminal number, cheque number),
 * the funder of third-party funding, and the request key the form makes once per submission, so
 * a double click or a retried post records once. One insert for both kinds, idempotent on the key.
 */
import { z } from 'zod';
import type { Queryable } from '../db/database';
import { formatCents, PAYMENT_METHODS, type PaymentMethod } from '../../src/ledger-contract';
import { Conflict } from '../domain-errors';
import { newId } from '../auth/tokens';

export const MAX_AMOUNT_CENTS = 10_000_000;
export const AMOUNT_MESSAGE = `Please enter an amount of at least $0.01 and at most ${formatCents(MAX_AMOUNT_CENTS)}.`;
export const METHOD_MESSAGE = 'Please choose how it was paid.';
export const FUNDER_MESSAGE = 'Please name the funder (for example Better Jobs Ontario or OSAP).';
const REFERENCE_MESSAGE = 'The reference may be at most 200 characters.';
const KEY_MESSAGE = 'The request has no valid request key; please reload the page and try again.';

const optionalText = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(200, { error: message })
    .optional()
    .transform((value) => value || undefined);

export const paymentSchema = z
  .object({
    request_key: z.string({ error: KEY_MESSAGE }).regex(/^[A-Za-z0-9_-]{8,100}$/, { error: KEY_MESSAGE }),
    amount_cents: z
      .number({ error: AMOUNT_MESSAGE })
      .int({ error: AMOUNT_MESSAGE })
      .min(1, { error: AMOUNT_MESSAGE })
      .max(MAX_AMOUNT_CENTS, { error: AMOUNT_MESSAGE }),
    method: z.literal(
      PAYMENT_METHODS.map((m): PaymentMethod => m.id),
      { error: METHOD_MESSAGE },
    ),
    reference: optionalText(REFERENCE_MESSAGE),
    funder: optionalText(FUNDER_MESSAGE),
  })
  .superRefine((value, issues) => {
    if (value.method === 'third_party' && !value.funder) issues.addIssue({ code: 'custom', path: ['funder'], message: FUNDER_MESSAGE });
  });
export type PaymentInput = z.output<typeof paymentSchema>;

/** The method's title ("Interac e-Transfer") from its id. */
export const methodTitle = (method: string): string => PAYMENT_METHODS.find((m) => m.id === method)?.title ?? method;

export interface NewEntry {
  applicationId: string;
  contractId: string | null;
  refundId: string | null;
  kind: 'payment' | 'refund';
  input: PaymentInput;
  recordedBy: string | null;
}

export interface StoredEntry {
  id: string;
  receiptNumber: number;
  recordedAt: Date;
}

export const repeatedKeyMessage = (amountCents: number): string =>
  `This form was already recorded, for ${formatCents(amountCents)}. To record another amount, please reload the page and fill the form again.`;

/** The entry already stored under the request's key, if any; a 409 when it is not the same request. */
export async function repeatedEntry(db: Queryable, entry: NewEntry): Promise<StoredEntry | null> {
  const { rows } = await db.query<{
    id: string;
    application_id: string;
    refund_id: string | null;
    kind: string;
    amount_cents: number;
    receipt_number: number;
    recorded_at: Date;
  }>(`SELECT id, application_id, refund_id, kind, amount_cents, receipt_number, recorded_at FROM ledger_entries WHERE request_key = $1`, [
    entry.input.request_key,
  ]);
  const row = rows[0];
  if (!row) return null;
  const same =
    row.application_id.trim() === entry.applicationId &&
    row.kind === entry.kind &&
    (row.refund_id?.trim() ?? null) === entry.refundId &&
    row.amount_cents === entry.input.amount_cents;
  if (!same) throw new Conflict(repeatedKeyMessage(row.amount_cents));
  return { id: row.id.trim(), receiptNumber: row.receipt_number, recordedAt: row.recorded_at };
}

/** Inserts the entry (its receipt number from the sequence); null when another request stored the key first. */
export async function insertEntry(db: Queryable, entry: NewEntry): Promise<StoredEntry | null> {
  const { input } = entry;
  const { rows } = await db.query<{ id: string; receipt_number: number; recorded_at: Date }>(
    `INSERT INTO ledger_entries (id, application_id, contract_id, refund_id, kind, amount_cents, method, reference, funder, request_key, recorded_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
     ON CONFLICT (request_key) DO NOTHING RETURNING id, receipt_number, recorded_at`,
    [
      newId(),
      entry.applicationId,
      entry.contractId,
      entry.refundId,
      entry.kind,
      input.amount_cents,
      input.method,
      input.reference ?? null,
      input.method === 'third_party' ? (input.funder ?? null) : null,
      input.request_key,
      entry.recordedBy,
    ],
  );
  const row = rows[0];
  return row ? { id: row.id.trim(), receiptNumber: row.receipt_number, recordedAt: row.recorded_at } : null;
}
