/**
 * Dates of consent, as Toronto calendar days (what a person and staff read). Implied consent runs
 * for whole months from the day of the inquiry: 6 months after 2026-11-25 is 2027-05-25, and
 * consent has ended from the first moment of that day. A month end that does not exist is
 * clamped (2026-08-31 + 6 months = 2027-02-28).
 */
import { torontoInstant } from '../../src/college-time';

function parts(date: string): [number, number, number] {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return [y, m, d];
}

export function addMonths(date: string, months: number): string {
  const [y, m, d] = parts(date);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${year}-${pad(month)}-${pad(Math.min(d, lastDay))}`;
}

/** Midnight in Toronto at the start of a day. */
export function dayStart(date: string): Date {
  const [y, m, d] = parts(date);
  return torontoInstant(y, m, d);
}
