/**
 * Canadian dollars, whole: "$18,900". Written by hand, not with Intl.NumberFormat: the first Intl
 * formatter makes Chromium load ICU's data, 70+ ms of main thread on Lighthouse's throttled phone
 * on every course page (issue 31; site/lib/courses.ts says the same of dates). The output is the
 * en-CA currency format's (test/unit/money.test.ts compares them).
 */
export function formatCad(amount: number): string {
  const whole = String(Math.round(Math.abs(amount))).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${amount < 0 ? '-' : ''}$${whole}`;
}
