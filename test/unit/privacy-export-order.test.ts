/**
 * A privacy export lists each table's rows oldest first. Times come from to_jsonb with their
 * fraction trimmed, so the text of ".5" is shorter than that of ".123456": ordering by padded text
 * put the later row first (a flaky privacy test caught it). Ties are broken by the row's id.
 */
import { orderOf } from '../../server/privacy/export';

const sorted = (rows: Record<string, unknown>[]) => [...rows].sort((a, b) => (orderOf(a) < orderOf(b) ? -1 : 1)).map((row) => row.id);

test('rows are ordered by their time, whatever the length of its fraction, then by id', () => {
  expect(
    sorted([
      { id: 'c', created_at: '2026-11-26T22:50:01.5+00:00' },
      { id: 'a', created_at: '2026-11-26T22:50:01+00:00' },
      { id: 'b', created_at: '2026-11-26T22:50:01.123456+00:00' },
      { id: 'd', created_at: '2026-11-26T17:50:02.01-05:00' },
    ]),
  ).toEqual(['a', 'b', 'c', 'd']);
  expect(
    sorted([
      { id: '00000000000000000000000f', created_at: '2026-01-01T00:00:00.25+00:00' },
      { id: '00000000000000000000000a', created_at: '2026-01-01T00:00:00.25+00:00' },
    ]),
  ).toEqual(['00000000000000000000000a', '00000000000000000000000f']);
  // Tables without a time are ordered by their numeric id.
  expect(sorted([{ id: 10 }, { id: 9 }, { id: 100 }])).toEqual([9, 10, 100]);
});
