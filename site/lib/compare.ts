/**
 * Sorting without ICU. `localeCompare` (like the first Intl formatter) makes Chromium load its
 * collation data on first use: 30+ ms of main thread on the page that first sorts, four times that on
 * Lighthouse's throttled phone. Our sort keys are ISO dates and English catalogue names, for which a
 * case-insensitive code-point order gives the same result.
 */
export function compareText(a: string, b: string): number {
  const left = a.toLowerCase();
  const right = b.toLowerCase();
  if (left !== right) return left < right ? -1 : 1;
  // Names equal but for case: lower case first, as ICU orders them.
  return a > b ? -1 : a < b ? 1 : 0;
}
