/** A whole-number query parameter (a page, a page size) within bounds, with one human message for any problem. */
import { z } from 'zod';

/** Absent or empty (a form's blank field) is `fallback`; the query string's text "2" is 2. */
export function wholeNumberParam(message: string, min: number, max: number, fallback: number) {
  return z.preprocess(
    (value) => (value === undefined || value === '' ? fallback : typeof value === 'string' ? Number(value) : value),
    z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message }),
  );
}

/** A list's page number, from 1. */
export const pageParam = wholeNumberParam('The page must be a whole number from 1.', 1, 1_000_000, 1);
