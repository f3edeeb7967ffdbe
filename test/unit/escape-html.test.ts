import { escapeHtml } from '../../src/escape-html';

test('the five characters that can end element text or a quoted attribute become entities, & first', () => {
  expect(escapeHtml(`<a href="x">Tom & Jerry's</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;');
  expect(escapeHtml('&amp;')).toBe('&amp;amp;');
  expect(escapeHtml('Plain text, é, 🙂')).toBe('Plain text, é, 🙂');
});
