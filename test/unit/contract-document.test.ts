/** Issue 34: the contract as HTML states what the PDF states, in headings, lists and a captioned fee table. */
import { h } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { ContractDocument } from '../../site/apply/ContractDocument';
import { sampleTerms } from '../support/contract-fixtures';

describe('ContractDocument', () => {
  test('renders every element with headings, definition lists, a fee table and the cancellation note', () => {
    const html = renderToString(h(ContractDocument, { terms: sampleTerms() }));
    expect(html).toContain('<h2 id="contract-doc-title">Enrolment contract: Network Administrator Diploma</h2>');
    for (const heading of [
      'The college',
      'The student',
      'The program',
      'Admission requirements',
      'Fees',
      'Refunds',
      'Policies you receive',
    ])
      expect(html).toContain(`<h3>${heading}</h3>`);
    expect(html).toContain('<caption>Fees of the program, in Canadian dollars</caption>');
    expect(html).toContain('<th scope="row">Tuition</th><td>Compulsory</td><td>$14,500.00</td>');
    expect(html).toMatch(/Total of compulsory fees<\/th><td>\$15,350\.00<\/td>/);
    expect(html).toMatch(
      /<div class="contract-doc__note" role="note" aria-labelledby="contract-doc-cancel"><h3 id="contract-doc-cancel">Your right to cancel within two days<\/h3>/,
    );
    expect(html).toContain('<dt>Language of instruction</dt><dd>English</dd>');
    expect(html).toContain('<dt>Online platform</dt><dd>Microsoft Teams and Moodle</dd>');
    expect(html).toContain('<dt>Start date</dt><dd>January 11, 2027</dd>');
    expect(html).toContain('Nguyễn Thị Minh');
  });

  test('in-person delivery leaves the online rows out', () => {
    const terms = sampleTerms();
    const html = renderToString(
      h(ContractDocument, {
        terms: { ...terms, program: { ...terms.program, delivery: 'in_person', online_platform: null, online_details: null } },
      }),
    );
    expect(html).not.toContain('Online platform');
    expect(html).toContain('<dt>Delivery method</dt><dd>In person</dd>');
  });
});
