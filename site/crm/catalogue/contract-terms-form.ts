/**
 * The contract-terms editor's form state (issue 34): text as typed, amounts in dollars as typed
 * ("1,250.00"), turned into the API's save (nulls for blanks, integer cents) with the amounts
 * that cannot be read named per field before anything is sent.
 */
import type { ContractFee, Delivery } from '../../../src/enrolment-contract';
import type { ProgramFee, ProgramTerms, ProgramTermsSave } from '../../../src/program-terms-contract';

export const AMOUNT_MESSAGE = 'Please enter an amount in dollars and cents, such as 1,250.00 (or leave it blank until it is known).';

export interface FeeRow {
  key: string;
  _id?: string;
  label: string;
  amount: string;
  kind: ContractFee['kind'];
  applies_to: ProgramFee['applies_to'];
}

export interface TermsForm {
  version: number;
  approved_name: string;
  language: string;
  hours: string;
  delivery: Delivery | '';
  locations: string;
  online_platform: string;
  online_details: string;
  practicum: string;
  fees: FeeRow[];
}

/** "1250.5" from 125050 cents; blank for no amount. */
export function dollarsOf(cents: number | null): string {
  if (cents === null) return '';
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** Integer cents from what was typed ("$1,250.5" → 125050); null for blank; undefined when unreadable. */
export function centsOf(typed: string): number | null | undefined {
  const value = typed.replace(/[\s$,]/g, '');
  if (value === '') return null;
  const match = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(value);
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

let counter = 0;
export const newFeeKey = () => `fee-${(counter += 1)}`;

export function formOf(terms: ProgramTerms): TermsForm {
  return {
    version: terms.version,
    approved_name: terms.approved_name ?? '',
    language: terms.language ?? '',
    hours: terms.hours === null ? '' : String(terms.hours),
    delivery: terms.delivery ?? '',
    locations: terms.locations ?? '',
    online_platform: terms.online_platform ?? '',
    online_details: terms.online_details ?? '',
    practicum: terms.practicum ?? '',
    fees: terms.fees.map((fee) => ({ key: fee._id, ...fee, amount: dollarsOf(fee.amount_cents) })),
  };
}

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

/** The save, or the field errors of amounts and hours that cannot be read. */
export function saveOf(form: TermsForm): { save: ProgramTermsSave } | { errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const hours = form.hours.trim() === '' ? null : Number(form.hours);
  if (hours !== null && !Number.isInteger(hours)) errors.hours = 'Please enter the hours of instruction as a whole number.';
  const fees = form.fees.map((fee, index) => {
    const cents = centsOf(fee.amount);
    if (cents === undefined) errors[`fees.${index}.amount_cents`] = AMOUNT_MESSAGE;
    return {
      ...(fee._id ? { _id: fee._id } : {}),
      label: fee.label,
      amount_cents: cents ?? null,
      kind: fee.kind,
      applies_to: fee.applies_to,
    };
  });
  if (Object.keys(errors).length > 0) return { errors };
  return {
    save: {
      version: form.version,
      approved_name: orNull(form.approved_name),
      language: orNull(form.language),
      hours,
      delivery: form.delivery === '' ? null : form.delivery,
      locations: orNull(form.locations),
      online_platform: orNull(form.online_platform),
      online_details: orNull(form.online_details),
      practicum: orNull(form.practicum),
      fees,
    },
  };
}

/** What a contract would lack from these terms, in the words the server uses. */
export function missingOf(terms: ProgramTerms): string[] {
  const missing: string[] = [];
  if (!terms.approved_name) missing.push("Program's approved name");
  if (!terms.language) missing.push('Language of instruction');
  if (!terms.hours) missing.push('Hours of instruction');
  if (!terms.delivery) missing.push('Delivery method');
  if (!terms.locations) missing.push('Locations');
  if (terms.delivery && terms.delivery !== 'in_person') {
    if (!terms.online_platform) missing.push('Online platform (online or hybrid delivery)');
    if (!terms.online_details) missing.push('Online details (online or hybrid delivery)');
  }
  for (const fee of terms.fees) if (fee.amount_cents === null) missing.push(`Fee “${fee.label}” has no amount`);
  if (!terms.fees.some((fee) => fee.kind === 'compulsory')) missing.push('Fees (no compulsory fee is listed)');
  return missing;
}
