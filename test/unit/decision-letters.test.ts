/** Issue 33: a decision letter's placeholders are filled, unknown ones kept; the default letters use only known ones. */
import { LETTER_PLACEHOLDERS, fillLetter } from '../../src/application-contract';
import { DEFAULT_DECISION_LETTERS } from '../../server/applications/decision-letter-defaults';

const values = {
  first_name: 'Ada',
  last_name: 'Byron',
  program: 'Network Administrator',
  intake: 'September 8, 2031',
  conditions: 'Send your final transcript.',
  college: 'Northbridge College of Technology',
};

describe('decision letters', () => {
  test('every placeholder is filled, with spaces inside the braces too; an unknown one stays as written', () => {
    expect(
      fillLetter('Dear {{first_name}} {{ last_name }}, {{program}} from {{intake}}: {{conditions}} ({{college}}) {{nickname}}', values),
    ).toBe(
      'Dear Ada Byron, Network Administrator from September 8, 2031: Send your final transcript. (Northbridge College of Technology) {{nickname}}',
    );
  });

  test('a value is put in as it is, never read as a placeholder again', () => {
    expect(fillLetter('{{first_name}}', { ...values, first_name: '{{last_name}} $& $1' })).toBe('{{last_name}} $& $1');
  });

  test('the default letters, one per decision, use only the known placeholders; the conditional one names the conditions', () => {
    expect(DEFAULT_DECISION_LETTERS.map((l) => l.decision)).toEqual(['admitted', 'conditionally_admitted', 'waitlisted', 'declined']);
    for (const letter of DEFAULT_DECISION_LETTERS) {
      const used = [...`${letter.subject} ${letter.body}`.matchAll(/\{\{\s*([a-z_]+)\s*\}\}/g)].map((m) => m[1]);
      for (const name of used) expect(LETTER_PLACEHOLDERS).toContain(name);
    }
    expect(DEFAULT_DECISION_LETTERS.find((l) => l.decision === 'conditionally_admitted')?.body).toContain('{{conditions}}');
  });
});
