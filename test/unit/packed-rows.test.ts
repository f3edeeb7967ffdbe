/**
 * The calendar's embedded intake lists are packed by column (src/packed-rows.ts, issue 31): the
 * browser must get back exactly the records the API answers, and anything not a flat list is left alone.
 */
import { packRows, unpackRows } from '../../src/packed-rows';

const intake = (i: number) => ({
  _id: `id-${i}`,
  course_name: i % 2 ? 'CCNA: Implementing and Administering Cisco Solutions' : 'Linux Administration',
  course_type: 2,
  delivery_mode: i % 3 === 0 ? 1 : 2,
  start_date: `2027-0${1 + (i % 3)}-01`,
  schedule: i % 4 === 0 ? null : 'Tue & Thu 18:00-21:30',
  featured: i === 5,
});

test('a list of flat records comes back identical (keys, order, values), in under half the JSON', () => {
  const list = Array.from({ length: 60 }, (_, i) => intake(i));
  const packed = packRows(list);
  expect(packed).not.toBeNull();
  const restored = unpackRows(packed!);
  expect(JSON.stringify(restored)).toBe(JSON.stringify(list));
  expect(JSON.stringify(packed).length).toBeLessThan(JSON.stringify(list).length / 2);
});

test('what is not a non-empty list of flat records with the same keys is not packed', () => {
  expect(packRows([])).toBeNull();
  expect(packRows({ a: 1 })).toBeNull();
  expect(packRows([1, 2])).toBeNull();
  expect(packRows([{ a: 1 }, { b: 1 }])).toBeNull();
  expect(
    packRows([
      { a: 1, b: 2 },
      { b: 2, a: 1 },
    ]),
  ).toBeNull();
  expect(packRows([{ a: { nested: true } }])).toBeNull();
  expect(packRows([{ a: [1] }])).toBeNull();
});
