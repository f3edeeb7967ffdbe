/**
 * The fields of a payment or a refund (issue 34): the amount in dollars, how it was paid, a
 * reference, and the funder for third-party funding. The request key is made when the form opens
 * and kept until the server has recorded it, so a double click or a retry after a lost answer
 * sends the same key and the server records once (server/enrolment/payment-input.ts).
 */
import { useState } from 'react';
import { PAYMENT_METHODS, type PaymentMethod, type PaymentRequest } from '../../../src/ledger-contract';

export const DOLLARS_MESSAGE = 'Please enter the amount in dollars, for example 400.00.';

/** Cents from "1,234.5" or "$400" (whole cents only); null when it is not an amount. */
export function centsOfDollars(text: string): number | null {
  const m = /^\$?\s*(\d{1,3}(?:,\d{3})*|\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  const whole = Number((m[1] ?? '').replace(/,/g, ''));
  const cents = Number((m[2] ?? '').padEnd(2, '0'));
  return whole * 100 + cents;
}

/** crypto.randomUUID needs a secure context (https, localhost); elsewhere 16 random bytes in hex do as well. */
function newRequestKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

export interface PaymentForm {
  amount: string;
  method: PaymentMethod;
  reference: string;
  funder: string;
  key: string;
}

export function usePaymentForm(initialAmount = '') {
  const blank = (): PaymentForm => ({ amount: initialAmount, method: 'e_transfer', reference: '', funder: '', key: newRequestKey() });
  const [form, setForm] = useState<PaymentForm>(blank);
  return {
    form,
    set: (change: Partial<PaymentForm>) => setForm((current) => ({ ...current, ...change })),
    /** A fresh form (and key): when the dialog opens for a new payment. */
    reset: (amount = initialAmount) => setForm({ ...blank(), amount }),
  };
}

/** The request of a filled form, or the message of its amount. */
export function paymentRequest(form: PaymentForm): PaymentRequest | string {
  const cents = centsOfDollars(form.amount);
  if (cents === null || cents <= 0) return DOLLARS_MESSAGE;
  return {
    request_key: form.key,
    amount_cents: cents,
    method: form.method,
    ...(form.reference.trim() ? { reference: form.reference.trim() } : {}),
    ...(form.method === 'third_party' ? { funder: form.funder.trim() } : {}),
  };
}

interface Props {
  id: string;
  form: PaymentForm;
  onChange(change: Partial<PaymentForm>): void;
  amountLabel: string;
  /** The amount is fixed (a refund owed): shown, not edited. */
  amountReadOnly?: boolean;
}

export function PaymentFields({ id, form, onChange, amountLabel, amountReadOnly = false }: Props) {
  return (
    <>
      <div className="crm-field">
        <label htmlFor={`${id}-amount`}>{amountLabel}</label>
        <input
          id={`${id}-amount`}
          inputMode="decimal"
          autoComplete="off"
          readOnly={amountReadOnly}
          value={form.amount}
          onChange={(e) => onChange({ amount: e.currentTarget.value })}
        />
      </div>
      <div className="crm-field">
        <label htmlFor={`${id}-method`}>Method</label>
        <select id={`${id}-method`} value={form.method} onChange={(e) => onChange({ method: e.currentTarget.value as PaymentMethod })}>
          {PAYMENT_METHODS.map((m) => (
            <option key={m.id} value={m.id}>
              {m.title}
            </option>
          ))}
        </select>
      </div>
      {form.method === 'third_party' ? (
        <div className="crm-field">
          <label htmlFor={`${id}-funder`}>Funder</label>
          <input
            id={`${id}-funder`}
            maxLength={200}
            placeholder="Better Jobs Ontario, OSAP…"
            value={form.funder}
            onChange={(e) => onChange({ funder: e.currentTarget.value })}
          />
        </div>
      ) : null}
      <div className="crm-field">
        <label htmlFor={`${id}-reference`}>Reference (optional)</label>
        <input
          id={`${id}-reference`}
          maxLength={200}
          placeholder="e-Transfer or terminal reference, cheque number"
          value={form.reference}
          onChange={(e) => onChange({ reference: e.currentTarget.value })}
        />
      </div>
    </>
  );
}
