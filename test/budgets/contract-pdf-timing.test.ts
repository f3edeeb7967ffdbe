/**
 * Issue 34's budget: the PDF of a 12-page contract is generated in ≤ 1 s on this machine. Run with
 * the other budgets, alone after the suite: beside two browser suites the same render takes about
 * 2 s of a contended core, which measures the load, not the code. One warm-up (fonts read, code
 * compiled), then three timed runs; the median is asserted, so one run slowed by another process
 * on this shared machine does not decide. The times are printed (docs/benchmarks.md).
 */
import { PDFDocument } from 'pdf-lib';
import { renderContractPdf } from '../../server/enrolment/contract-pdf';
import { sampleTerms, TWELVE_PAGES } from '../support/contract-fixtures';

const BUDGET_MS = 1000;

test('a 12-page contract is rendered in under a second', async () => {
  const terms = sampleTerms({}, TWELVE_PAGES);
  await renderContractPdf(terms);
  const times: number[] = [];
  let bytes: Uint8Array = new Uint8Array();
  for (let run = 0; run < 3; run += 1) {
    const started = performance.now();
    bytes = await renderContractPdf(terms);
    times.push(performance.now() - started);
  }
  const median = [...times].sort((a, b) => a - b)[1] ?? Infinity;
  console.log(`12-page contract: ${times.map((t) => t.toFixed(0)).join(', ')} ms (median ${median.toFixed(0)} ms), ${bytes.length} bytes`);
  expect((await PDFDocument.load(bytes)).getPageCount()).toBe(12);
  expect(median).toBeLessThan(BUDGET_MS);
});
