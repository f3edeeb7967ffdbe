/**
 * Issue 21, defect 7: the lead confirmation greets by the typed first name only when it looks
 * like a name; and the key a recipient is limited under ignores case, spaces and "+tags".
 */
import { greeting } from '../../server/leads/lead-mails';
import { normalizeRecipient, recipientKey } from '../../server/leads/confirmation-limit';

test.each([
  ['Nora', 'Hello Nora,'],
  ['  José-María ', 'Hello José-María,'],
  ["D'Arcy O'Neil", "Hello D'Arcy O'Neil,"],
  ['Zoë’s', 'Hello Zoë’s,'],
  ['Nguyễn Thị', 'Hello Nguyễn Thị,'],
  ['Ａｌｉ', 'Hello Ａｌｉ,'],
  ['محمد', 'Hello محمد,'],
  ['a'.repeat(40), `Hello ${'a'.repeat(40)},`],
])('a name-like first name is used: %j', (name, expected) => {
  expect(greeting(name)).toBe(expected);
});

test.each([
  ['a'.repeat(41)],
  ['Visit https://cheap-pills.example now'],
  ['win $1000'],
  ['Nora2'],
  ['Nora.'],
  ['<b>Nora</b>'],
  ['Nora\nCall +1 416 555 0123'],
  ['-Nora'],
  ["'"],
  [''],
  ['   '],
])('anything else gets "Hello,": %j', (name) => {
  expect(greeting(name)).toBe('Hello,');
});

test('one recipient key per mailbox: case, spaces and +tags do not make a new one', () => {
  expect(normalizeRecipient('  Victim+lead1@Example.COM ')).toBe('victim@example.com');
  expect(recipientKey('victim+2@example.com')).toBe(recipientKey('VICTIM@example.com'));
  expect(recipientKey('other@example.com')).not.toBe(recipientKey('victim@example.com'));
  expect(recipientKey('victim@example.com')).toMatch(/^[0-9a-f]{64}$/);
  // A local part that is only a tag is kept as it is, not emptied.
  expect(normalizeRecipient('+tag@example.com')).toBe('+tag@example.com');
});
