/**
 * A phone number in the leads CSV (issue 31): as people read it elsewhere (src/phone-format.ts),
 * 416-555-0123 for North America, +44 20 7946 0958 for the rest. The formula guard of the CSV
 * (leads-csv.ts csvCell) put an apostrophe before every stored "+1416…"; a national number starts
 * with a digit and needs none, and an international one written by the formatter is "+", digits,
 * spaces and hyphens only, which names no cell and calls no function (and, having spaces, a
 * spreadsheet keeps as text), so it needs none either. A stored value the formatter cannot read
 * goes out as stored and keeps the guard.
 */
import { formatPhone } from '../../src/phone-format';

/**
 * What formatPhone writes for a number outside North America: the country code, a space, then
 * digit groups (a few countries' formats join some with hyphens, +7 912 345-67-89).
 */
const INTERNATIONAL_PHONE = /^\+\d{1,3} \d+(?:[ -]\d+)*$/;

/** The phone column's text for a stored phone. */
export function csvPhone(stored: string): string {
  return formatPhone(stored).text;
}

/** True for a formatted international phone number: a cell the formula guard can leave alone. */
export function isFormattedPhone(value: string): boolean {
  return INTERNATIONAL_PHONE.test(value);
}
